import { Show, SimpleShowLayout, TextField } from 'react-admin';

export function TeamShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="ext_id" />
        <TextField source="teamUri" />
        <TextField source="address" emptyText="—" />
        <TextField source="presentation" emptyText="—" sx={{ whiteSpace: 'pre-line' }} />
      </SimpleShowLayout>
    </Show>
  );
}
