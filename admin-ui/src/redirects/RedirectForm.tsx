import { sector } from '../sector';
import { SelectInput, SimpleForm, TextInput, regex, required } from 'react-admin';

const STATUSES = [
  { id: 301, name: '301 — définitive' },
  { id: 302, name: '302 — temporaire' },
  { id: 307, name: '307 — temporaire (méthode conservée)' },
  { id: 308, name: '308 — définitive (méthode conservée)' },
];

export function RedirectForm() {
  return (
    <SimpleForm sx={{ maxWidth: 760 }}>
      <TextInput
        source="fromPath"
        validate={[
          required(),
          regex(
            /^\/[^\s?#]*$/,
            'Le chemin d’origine doit commencer par / et ne contenir ni espace, ni ? ni #',
          ),
        ]}
        helperText="ex. /ancienne-page"
      />
      <TextInput
        source="toPath"
        validate={required()}
        helperText={`Un chemin du site (/${sector.routes.directory}/lyon) ou une adresse http(s)`}
      />
      <SelectInput source="status" choices={STATUSES} defaultValue={301} validate={required()} />
    </SimpleForm>
  );
}
