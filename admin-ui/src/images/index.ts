import ImageIcon from '@mui/icons-material/ImageOutlined';
import { ImageCreate } from './ImageCreate';
import { ImageEdit } from './ImageEdit';
import { ImageList } from './ImageList';
import { ImageShow } from './ImageShow';

export default {
  list: ImageList,
  edit: ImageEdit,
  create: ImageCreate,
  show: ImageShow,
  icon: ImageIcon,
  recordRepresentation: 'title',
};
