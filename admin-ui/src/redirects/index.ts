import AltRouteIcon from '@mui/icons-material/AltRoute';
import { RedirectCreate } from './RedirectCreate';
import { RedirectEdit } from './RedirectEdit';
import { RedirectList } from './RedirectList';
import { RedirectShow } from './RedirectShow';

/** docs/product.md §2: configured 301 redirects by path. */
export default {
  list: RedirectList,
  edit: RedirectEdit,
  create: RedirectCreate,
  show: RedirectShow,
  icon: AltRouteIcon,
  recordRepresentation: 'fromPath',
};
