import EventIcon from '@mui/icons-material/EventOutlined';
import { AppointmentList } from './AppointmentList';
import { AppointmentShow } from './AppointmentShow';

/** Issue 16 point 5: appointments (filters, show, cancel on behalf of either side). */
export default { list: AppointmentList, show: AppointmentShow, icon: EventIcon };
