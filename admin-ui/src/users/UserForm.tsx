import { AutocompleteInput, BooleanInput, ReferenceInput, SimpleForm, TextInput, email, required } from 'react-admin';
import { MESSAGES_FR } from '@rdv/sectors';

/** Fields shared by the user edit and create screens. */
export function UserForm() {
  return (
    <SimpleForm sx={{ maxWidth: 640 }}>
      <TextInput source="first_name" validate={required()} />
      <TextInput source="last_name" validate={required()} />
      <TextInput source="email" type="email" validate={[required(), email(MESSAGES_FR.invalidEmail)]} />
      <TextInput source="userUri" helperText="Identifiant de la page publique, ex. claire-martin" />
      <ReferenceInput source="teamId" reference="teams">
        <AutocompleteInput optionText="name" />
      </ReferenceInput>
      <BooleanInput source="is_active" />
    </SimpleForm>
  );
}
