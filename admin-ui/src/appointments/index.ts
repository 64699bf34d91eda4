import EventIcon from '@mui/icons-material/EventOutlined';
import { AppointmentList } from './AppointmentList';
import { AppointmentShow } from './AppointmentShow';

/** Appointments (filters, show, cancel on behalf of either side). */
export default { list: AppointmentList, show: AppointmentShow, icon: EventIcon };
