import { DateTimeInput, SimpleForm, TextInput, regex, required } from 'react-admin';

const slugFormat = regex(
  /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  'Le slug ne doit contenir que des minuscules, des chiffres et des tirets',
);

export function PostForm() {
  return (
    <SimpleForm sx={{ maxWidth: 900 }}>
      <TextInput source="title" validate={required()} />
      <TextInput
        source="slug"
        validate={slugFormat}
        helperText="Adresse de l’article ; générée à partir du titre si vide"
      />
      <TextInput source="excerpt" multiline minRows={2} />
      <TextInput source="content" multiline minRows={12} validate={required()} helperText="HTML" />
      <TextInput source="author" />
      <TextInput source="seoDescription" multiline helperText="320 caractères au plus" />
      <DateTimeInput source="publishedAt" helperText="Laisser vide pour garder l’article en brouillon" />
    </SimpleForm>
  );
}
