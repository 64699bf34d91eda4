import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  ReferenceArrayInput,
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
import { CityUriInput } from './CityUriInput';

/** The office picker lists offices by name (react-admin's default sort, by id, is refused by the API). */
const TEAMS_BY_NAME = { field: 'name', order: 'ASC' } as const;

/** Specialities in the sector's display order. */
const SPECIALITIES_IN_ORDER = { field: 'position', order: 'ASC' } as const;

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
      <ReferenceInput source="team_id" reference="teams" sort={TEAMS_BY_NAME}>
        <AutocompleteInput optionText="name" />
      </ReferenceInput>
      <CityUriInput />
      <TextInput source="street" fullWidth />
      <TextInput
        source="postal_code"
        validate={regex(
          /^(\d{5}|\d{4})$/,
          'Le code postal doit contenir 5 chiffres (4 en Belgique et en Suisse)',
        )}
      />
      <ReferenceArrayInput
        source="speciality_ids"
        reference="specialities"
        sort={SPECIALITIES_IN_ORDER}
        perPage={100}
      >
        <AutocompleteArrayInput
          optionText="name"
          helperText="Dans l’ordre choisi : le premier est son domaine principal"
          fullWidth
        />
      </ReferenceArrayInput>
      <TextInput source="fees_info" multiline minRows={2} fullWidth />
      <BooleanInput source="accepts_legal_aid" />
      <BooleanInput source="is_active" defaultValue />
      <BooleanInput
        source="indexable"
        defaultValue
        helperText="Décochez pour retirer la page du profil des moteurs de recherche (noindex, hors sitemap)"
      />
    </SimpleForm>
  );
}
