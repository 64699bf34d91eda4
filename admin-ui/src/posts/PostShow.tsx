import { DateField, Show, SimpleShowLayout, TextField } from 'react-admin';

export function PostShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="title" />
        <TextField source="slug" />
        <DateField source="publishedAt" showTime emptyText="Brouillon" />
        <TextField source="author" emptyText="—" />
        <TextField source="excerpt" emptyText="—" />
        <TextField source="seoDescription" emptyText="—" />
        <TextField source="content" sx={{ whiteSpace: 'pre-line' }} />
      </SimpleShowLayout>
    </Show>
  );
}
