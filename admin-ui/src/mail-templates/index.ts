import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import { MailTemplateEdit } from './MailTemplateEdit';
import { MailTemplateList } from './MailTemplateList';

/**
 * The notification mails' templates (Handlebars), one per key. The API lists every key
 * (stored override or built-in default); saving stores an override, DELETE goes back to the default.
 * No creation: the keys are fixed by the backend.
 */
export default {
  list: MailTemplateList,
  edit: MailTemplateEdit,
  icon: MailOutlineIcon,
  recordRepresentation: 'key',
};
