import { Edit, SaveButton, SimpleForm, TextInput, Toolbar, email, regex, required } from 'react-admin';
import { SIREN_INVALID, isValidSiren } from '@rdv/sectors';
import { COMPANY } from './records';

function SaveOnly() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

// The API's rules (CompanyDto), checked here first so the form says what is wrong field by field.
const siren = [
  required(),
  (value: unknown) => (typeof value === 'string' && isValidSiren(value.trim()) ? undefined : SIREN_INVALID),
];
const siret = [required(), regex(/^\d{14}$/, 'Le SIRET doit comporter 14 chiffres')];
const vat = [
  required(),
  regex(/^FR[0-9A-Z]{2}\d{9}$/, 'Le numéro de TVA intracommunautaire est invalide (exemple : FR40123456789)'),
];
const postalCode = [required(), regex(/^\d{5}$/, 'Le code postal doit comporter 5 chiffres')];
const prefix = regex(/^[A-Z]{1,4}$/, 'Le préfixe de facture est de 1 à 4 lettres majuscules');

/**
 * `/admin/billing-company`: the issuer printed on every invoice and credit note (mandatory mentions). Saving
 * applies to the next invoices; issued ones never change. Audited like every console write.
 */
export function CompanyEdit() {
  return (
    <Edit
      resource={COMPANY}
      id="current"
      redirect={false}
      mutationMode="pessimistic"
      title="Société émettrice des factures"
      actions={false}
    >
      <SimpleForm toolbar={<SaveOnly />} sx={{ maxWidth: 640 }}>
        <TextInput source="name" label="Raison sociale" validate={required()} fullWidth />
        <TextInput source="legalForm" label="Forme juridique" validate={required()} />
        <TextInput
          source="capital"
          label="Capital social"
          helperText="Exemple : 10 000 €"
          validate={required()}
        />
        <TextInput source="siren" label="SIREN" validate={siren} />
        <TextInput source="siret" label="SIRET du siège" validate={siret} />
        <TextInput
          source="rcs"
          label="RCS"
          helperText="Exemple : RCS Lyon 912 345 678"
          validate={required()}
        />
        <TextInput source="vatNumber" label="Numéro de TVA intracommunautaire" validate={vat} />
        <TextInput source="street" label="Adresse" validate={required()} fullWidth />
        <TextInput source="postalCode" label="Code postal" validate={postalCode} />
        <TextInput source="city" label="Ville" validate={required()} />
        <TextInput
          source="email"
          label="Email de facturation"
          validate={[required(), email('Email invalide')]}
        />
        <TextInput
          source="invoicePrefix"
          label="Préfixe des numéros de facture"
          helperText="Exemple : F (F-000001)"
          validate={prefix}
        />
      </SimpleForm>
    </Edit>
  );
}
