import { Edit, ImageField, Labeled } from 'react-admin';
import { ImageForm } from './ImageForm';

export function ImageEdit() {
  return (
    <Edit mutationMode="pessimistic" aside={<CurrentImage />}>
      <ImageForm requirePicture={false} />
    </Edit>
  );
}

function CurrentImage() {
  return (
    <Labeled label="Image actuelle" sx={{ ml: 2, mt: 1 }}>
      <ImageField
        source="src"
        title="alt"
        sx={{ '& img': { maxWidth: 280, maxHeight: 280, borderRadius: 1 } }}
      />
    </Labeled>
  );
}
