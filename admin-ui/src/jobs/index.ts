import QueueIcon from '@mui/icons-material/Queue';
import { JobList } from './JobList';
import { JobShow } from './JobShow';

/** BullMQ queues (admins only): waiting / failed jobs, retry. */
export default { list: JobList, show: JobShow, icon: QueueIcon };
