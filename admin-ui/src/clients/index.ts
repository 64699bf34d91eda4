import PersonSearchIcon from '@mui/icons-material/PersonSearchOutlined';
import { ClientList, clientName } from './ClientList';
import { ClientShow } from './ClientShow';

/** Clients (attendees): search, show with appointments, deactivate, GDPR export / erasure. */
export default {
  list: ClientList,
  show: ClientShow,
  icon: PersonSearchIcon,
  recordRepresentation: clientName,
};
