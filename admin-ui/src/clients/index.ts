import PersonSearchIcon from '@mui/icons-material/PersonSearchOutlined';
import { ClientList, clientName } from './ClientList';
import { ClientShow } from './ClientShow';

/** Issue 16 point 4: clients (attendees): search, show with appointments, deactivate, GDPR export / erasure. */
export default {
  list: ClientList,
  show: ClientShow,
  icon: PersonSearchIcon,
  recordRepresentation: clientName,
};
