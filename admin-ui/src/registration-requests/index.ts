import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import { RegistrationRequestList } from './RegistrationRequestList';
import { RegistrationRequestShow } from './RegistrationRequestShow';
import type { RegistrationRequestRecord } from './RegistrationRequestRecord';

/** Requests sent from /demande-inscription; accept (invitation) or refuse (reason mailed). */
export default {
  list: RegistrationRequestList,
  show: RegistrationRequestShow,
  icon: HowToRegIcon,
  recordRepresentation: (record: RegistrationRequestRecord) => `${record.firstName} ${record.lastName}`,
};
