import {
  AutocompleteInput,
  BooleanInput,
  ReferenceInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  email,
  regex,
  required,
} from 'react-admin';
import { MESSAGES_FR } from '@rdv/sectors';

const usernameFormat = regex(
  /^[a-z0-9._-]{3,64}$/,
  "Le nom d'utilisateur doit faire 3 à 64 caractères parmi a-z, 0-9, point, tiret et tiret bas",
);

/**
 * Fields shared by the user edit and create screens. The API reads `teamId` / `isActive` and
 * writes `team_id` / `is_active`: the dataProvider gives the form the written names.
 */
export function UserForm() {
  return (
    // No delete button: the API keeps professionals (deactivate them with is_active).
    <SimpleForm
      sx={{ maxWidth: 640 }}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <TextInput source="first_name" validate={required()} />
      <TextInput source="last_name" validate={required()} />
      <TextInput source="email" type="email" validate={[required(), email(MESSAGES_FR.invalidEmail)]} />
      <TextInput
        source="username"
        validate={usernameFormat}
        helperText="Identifiant de connexion ; généré à partir de l’email s’il est vide"
      />
      <ReferenceInput source="team_id" reference="teams">
        <AutocompleteInput optionText="name" />
      </ReferenceInput>
      <BooleanInput source="is_active" defaultValue />
      <BooleanInput
        source="indexable"
        defaultValue
        helperText="Décochez pour retirer la page du profil des moteurs de recherche (noindex, hors sitemap)"
      />
    </SimpleForm>
  );
}
