import { SimpleForm, TextInput, email, regex, required } from 'react-admin';
import Box from '@mui/material/Box';
import { checkOfficeIdentifier, MESSAGES_FR, officeIdentifierOf } from '@rdv/sectors';
import { sector } from '../sector';

/** The sector's registration number: a SIRET (Luhn key) for firms and salons, a crpcen for notaries. */
const officeNumber = (value: unknown) => {
  if (typeof value !== 'string' || value === '') return undefined;
  const checked = checkOfficeIdentifier(sector, value);
  return checked.ok ? undefined : checked.message;
};

const slug = regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Minuscules, chiffres et tirets uniquement');

export function TeamForm() {
  return (
    <SimpleForm sx={{ maxWidth: 760 }}>
      <TextInput source="name" validate={required()} />
      <TextInput
        source="ext_id"
        validate={[required(), officeNumber]}
        helperText={officeIdentifierOf(sector).help}
      />
      <TextInput
        source="teamUri"
        validate={slug}
        helperText="Adresse de la page publique ; générée à partir du nom si vide"
      />
      <TextInput source="street" />
      <Box sx={{ display: 'flex', gap: 2, width: '100%' }}>
        <TextInput
          source="postalCode"
          validate={regex(/^[0-9]{4,5}$/, 'Le code postal est invalide')}
          sx={{ maxWidth: 160 }}
        />
        <TextInput source="cityUri" validate={slug} helperText="ex. lyon, saint-denis-93" />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, width: '100%' }}>
        <TextInput source="phone" type="tel" />
        <TextInput source="email" type="email" validate={email(MESSAGES_FR.invalidEmail)} />
      </Box>
      <TextInput source="presentation" multiline minRows={4} />
    </SimpleForm>
  );
}
