import { BooleanField, DateField, Show, SimpleShowLayout, TextField } from 'react-admin';

export function PostShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="title" />
        <TextField source="slug" />
        <BooleanField source="published" />
        <DateField source="publishedAt" emptyText="—" />
        <TextField source="content" sx={{ whiteSpace: 'pre-line' }} />
      </SimpleShowLayout>
    </Show>
  );
}
