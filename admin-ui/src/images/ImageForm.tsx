import { ImageField, ImageInput, SimpleForm, TextInput, required } from 'react-admin';
import { UploadProgress } from '@rdv/ui';
import { useImageUploadProgress } from './upload-progress';

/**
 * On create the picture is required; on edit it replaces the current one only when given (the
 * image then gets new addresses: its URLs are immutable). The API checks the file again.
 */
export function ImageForm({ requirePicture }: { requirePicture: boolean }) {
  const sent = useImageUploadProgress();
  return (
    <SimpleForm sx={{ maxWidth: 640 }}>
      <ImageInput
        source="picture"
        accept={{ 'image/*': ['.png', '.jpg', '.jpeg', '.webp'] }}
        maxSize={5 * 1024 * 1024}
        validate={requirePicture ? required() : undefined}
        helperText="PNG, JPEG ou WebP, 5 Mo au plus, 50 px de côté au moins ; enregistrée en WebP sans métadonnées"
      >
        <ImageField source="src" title="title" />
      </ImageInput>
      {sent === undefined ? null : <UploadProgress fraction={sent} label="Envoi de l’image" />}
      <TextInput source="title" validate={required()} />
      <TextInput source="alt" validate={required()} helperText="Description lue par les lecteurs d’écran" />
    </SimpleForm>
  );
}
