import {
  BooleanInput,
  CheckboxGroupInput,
  Edit,
  NumberInput,
  SaveButton,
  SelectInput,
  TabbedForm,
  TabbedFormTabs,
  TextInput,
  Toolbar,
  email,
  maxValue,
  minValue,
  regex,
  required,
} from 'react-admin';
import { sector } from '../sector';

const LOCALES = [
  { id: 'fr', name: 'Français' },
  { id: 'en', name: 'Anglais' },
];
const COUNTRIES = [
  { id: 'FR', name: 'France' },
  { id: 'BE', name: 'Belgique' },
  { id: 'CH', name: 'Suisse' },
];
const TIMEZONES = Intl.supportedValuesOf('timeZone').map((zone) => ({ id: zone, name: zone }));
const pageSize = [required(), minValue(1, 'Entre 1 et 100'), maxValue(100, 'Entre 1 et 100')];
const commission = [
  required(),
  minValue(0, 'La commission doit être comprise entre 0 et 30 %'),
  maxValue(30, 'La commission doit être comprise entre 0 et 30 %'),
];
const url = regex(/^https?:\/\/\S+$/, 'Le lien doit être une adresse web complète (https://…)');
const validEmail = email('Email invalide');

function SaveOnly() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/**
 * The site configuration (docs/product.md §3) and the company identity the legal pages show.
 * One record (`current`); saving replaces each section (audited with before / after).
 */
export function SiteConfigEdit() {
  return (
    <Edit
      resource="site-config"
      id="current"
      redirect={false}
      mutationMode="pessimistic"
      title="Configuration du site"
      actions={false}
    >
      <TabbedForm
        toolbar={<SaveOnly />}
        syncWithLocation={false}
        // Four tabs do not fit on a phone: they scroll within their bar instead of widening the page. The console's
        // layout is as wide as its content's narrowest possible width (react-admin's min-width: fit-content), so the
        // bar must not count its tabs in that width: inline-size containment, and it takes the width it is given.
        tabs={
          <TabbedFormTabs
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            sx={{ contain: 'inline-size' }}
          />
        }
      >
        <TabbedForm.Tab label="Général">
          <SelectInput
            source="default_timezone"
            label="Fuseau horaire par défaut"
            choices={TIMEZONES}
            validate={required()}
          />
          <CheckboxGroupInput source="locales" label="Langues proposées" choices={LOCALES} />
          <SelectInput
            source="default_locale"
            label="Langue par défaut"
            choices={LOCALES}
            validate={required()}
          />
          <CheckboxGroupInput
            source="allowed_phone_countries"
            label="Pays de téléphone acceptés"
            choices={COUNTRIES}
          />
          <NumberInput
            source="page_sizes.professionals_desktop"
            label={`${sector.words.plural} par page (ordinateur)`}
            validate={pageSize}
          />
          <NumberInput
            source="page_sizes.professionals_mobile"
            label={`${sector.words.plural} par page (mobile)`}
            validate={pageSize}
          />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Fonctionnalités">
          <BooleanInput source="flags.specialities_enabled" label="Domaines de compétences affichés" />
          <BooleanInput source="flags.client_folders" label="Dossiers clients (espace professionnel)" />
          <BooleanInput source="flags.sponsorship" label="Parrainage (espace professionnel)" />
          <BooleanInput source="flags.user_card_default" label="Carte de visite activée par défaut" />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Paiements">
          <NumberInput
            source="payment_commission_percent"
            label="Commission de la plateforme (%)"
            helperText="Retenue sur chaque consultation payée en ligne (0 à 30 %), annoncée au professionnel avant qu’il active l’encaissement ; s’applique aux réservations suivantes."
            validate={commission}
            step={0.5}
          />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Contact">
          <TextInput source="contact.phone" label="Téléphone de contact" />
          <TextInput source="contact.email" label="Email de contact" validate={validEmail} />
          <TextInput source="contact.social.facebook" label="Facebook" validate={url} />
          <TextInput source="contact.social.linkedin" label="LinkedIn" validate={url} />
          <TextInput source="contact.social.x" label="X (Twitter)" validate={url} />
          <TextInput source="contact.social.instagram" label="Instagram" validate={url} />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Société (pages légales)">
          <TextInput source="company.name" label="Raison sociale" />
          <TextInput source="company.legal_form" label="Forme juridique" />
          <TextInput source="company.share_capital" label="Capital social (€)" />
          <TextInput source="company.rcs_city" label="Ville du greffe (RCS)" />
          <TextInput source="company.registration_number" label="Numéro RCS / SIREN" />
          <TextInput source="company.vat_number" label="Numéro de TVA intracommunautaire" />
          <TextInput source="company.address" label="Adresse du siège" />
          <TextInput source="company.city" label="Ville du siège" />
          <TextInput source="company.publication_director" label="Directeur de la publication" />
          <TextInput
            source="company.publication_director_role"
            label="Fonction du directeur de la publication"
          />
          <TextInput source="company.host_name" label="Hébergeur" />
          <TextInput source="company.host_address" label="Adresse de l’hébergeur" />
          <TextInput source="company.host_phone" label="Téléphone de l’hébergeur" />
          <TextInput
            source="company.mediator"
            label="Médiateur de la consommation (nom et coordonnées)"
            multiline
          />
          <TextInput
            source="company.dpo_email"
            label="Email du délégué à la protection des données"
            validate={validEmail}
          />
        </TabbedForm.Tab>
      </TabbedForm>
    </Edit>
  );
}
