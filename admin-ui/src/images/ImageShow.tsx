import { DateField, ImageField, Show, SimpleShowLayout, TextField, UrlField } from 'react-admin';

export function ImageShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <ImageField
          source="url"
          title="alt"
          sx={{ '& img': { maxWidth: 480, maxHeight: 360, borderRadius: 1 } }}
        />
        <TextField source="title" />
        <TextField source="alt" />
        <UrlField source="url" label="Adresse" />
        <DateField source="createdAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
