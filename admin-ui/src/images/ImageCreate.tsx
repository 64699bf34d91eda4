import { Create } from 'react-admin';
import { ImageForm } from './ImageForm';

export function ImageCreate() {
  return (
    <Create redirect="show">
      <ImageForm requirePicture />
    </Create>
  );
}
