import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import { TeamCreate } from './TeamCreate';
import { TeamEdit } from './TeamEdit';
import { TeamList } from './TeamList';
import { TeamShow } from './TeamShow';

export default {
  list: TeamList,
  edit: TeamEdit,
  create: TeamCreate,
  show: TeamShow,
  icon: BusinessIcon,
  recordRepresentation: 'name',
};
