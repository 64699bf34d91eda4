import { SimpleForm, TextInput, required } from 'react-admin';

export function TeamForm() {
  return (
    <SimpleForm sx={{ maxWidth: 760 }}>
      <TextInput source="name" validate={required()} />
      <TextInput source="ext_id" validate={required()} helperText="Numéro d’enregistrement de l’office" />
      <TextInput source="teamUri" helperText="Identifiant de la page publique, ex. cabinet-martin-lyon" />
      <TextInput source="address" />
      <TextInput source="presentation" multiline minRows={4} />
    </SimpleForm>
  );
}
