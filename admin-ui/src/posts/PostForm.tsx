import { BooleanInput, SimpleForm, TextInput, regex, required } from 'react-admin';

const slugFormat = regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lettres minuscules, chiffres et tirets uniquement');

export function PostForm() {
  return (
    <SimpleForm sx={{ maxWidth: 900 }}>
      <TextInput source="title" validate={required()} />
      <TextInput source="slug" validate={[required(), slugFormat]} helperText="Partie de l’adresse de l’article, ex. divorce-par-consentement-mutuel" />
      <TextInput source="content" multiline minRows={12} validate={required()} />
      <BooleanInput source="published" />
    </SimpleForm>
  );
}
