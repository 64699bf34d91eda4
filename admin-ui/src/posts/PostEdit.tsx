import { Edit } from 'react-admin';
import { PostForm } from './PostForm';

export function PostEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <PostForm />
    </Edit>
  );
}
