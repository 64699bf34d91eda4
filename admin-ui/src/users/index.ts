import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

export default {
  list: UserList,
  edit: UserEdit,
  create: UserCreate,
  show: UserShow,
  icon: PeopleIcon,
  recordRepresentation: (record: { first_name?: string; last_name?: string; email?: string }) =>
    [record.first_name, record.last_name].filter(Boolean).join(' ') || record.email || '',
};
