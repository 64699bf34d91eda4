import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import { PostCreate } from './PostCreate';
import { PostEdit } from './PostEdit';
import { PostList } from './PostList';
import { PostShow } from './PostShow';

export default {
  list: PostList,
  edit: PostEdit,
  create: PostCreate,
  show: PostShow,
  icon: ArticleIcon,
  recordRepresentation: 'title',
};
