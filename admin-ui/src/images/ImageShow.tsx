import { DateField, ImageField, NumberField, Show, SimpleShowLayout, TextField, UrlField } from 'react-admin';

export function ImageShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <ImageField
          source="src"
          title="alt"
          label="Aperçu"
          sx={{ '& img': { maxWidth: 480, maxHeight: 360, borderRadius: 1 } }}
        />
        <TextField source="title" />
        <TextField source="alt" />
        <NumberField source="width" label="Largeur (px)" />
        <NumberField source="height" label="Hauteur (px)" />
        <UrlField source="src" label="Adresse" />
        <UrlField source="thumbnail" label="Adresse de la miniature (400 px)" />
        <DateField source="createdAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
