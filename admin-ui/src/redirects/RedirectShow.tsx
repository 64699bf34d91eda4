import { DateField, Show, SimpleShowLayout, TextField } from 'react-admin';

export function RedirectShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="fromPath" />
        <TextField source="toPath" />
        <TextField source="status" />
        <DateField source="updatedAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
