import { BooleanField, EmailField, ReferenceField, Show, SimpleShowLayout, TextField } from 'react-admin';

export function UserShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="first_name" />
        <TextField source="last_name" />
        <EmailField source="email" />
        <TextField source="userUri" />
        <TextField source="telephone" emptyText="—" />
        <ReferenceField source="teamId" reference="teams" link="show" emptyText="—">
          <TextField source="name" />
        </ReferenceField>
        <BooleanField source="is_active" />
      </SimpleShowLayout>
    </Show>
  );
}
