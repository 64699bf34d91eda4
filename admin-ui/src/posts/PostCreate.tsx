import { Create } from 'react-admin';
import { PostForm } from './PostForm';

export function PostCreate() {
  return (
    <Create redirect="show">
      <PostForm />
    </Create>
  );
}
