import { DateField, EmailField, NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';

export function TeamShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="ext_id" />
        <TextField source="teamUri" />
        <TextField source="street" emptyText="—" />
        <TextField source="postalCode" emptyText="—" />
        <TextField source="cityName" emptyText="—" />
        <TextField source="phone" emptyText="—" />
        <EmailField source="email" emptyText="—" />
        <NumberField source="professionalsCount" />
        <TextField source="presentation" emptyText="—" sx={{ whiteSpace: 'pre-line' }} />
        <DateField source="updatedAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
