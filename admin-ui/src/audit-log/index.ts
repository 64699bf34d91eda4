import HistoryIcon from '@mui/icons-material/History';
import { AuditLogList } from './AuditLogList';
import { AuditLogShow } from './AuditLogShow';

/** Read-only audit log of administrators' actions (who, what, when, before / after). */
export default { list: AuditLogList, show: AuditLogShow, icon: HistoryIcon };
