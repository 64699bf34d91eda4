import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UserProfile, UserProfilePayload } from '../api/auth';
import { FormTextField } from '../components/FormTextField';
import { useFormError } from '../components/useFormError';
import { sector } from '../sector';
import { SettingsCard, SettingsForm } from './SettingsCard';
import { SPOKEN_LANGUAGE_CODES, languageLabel } from './languages';
import { CIVILITIES } from '@rdv/sectors';
import { profileSchema, type ProfileFormValues } from './validation';

function formValues(profile: UserProfile): ProfileFormValues {
  return {
    civility: profile.civility ?? '',
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    presentation_title: profile.presentation_title ?? '',
    public_phone: profile.public_phone ?? '',
    presentation: profile.presentation ?? '',
    spoken_languages: profile.spoken_languages,
  };
}

/** What the public profile page shows of the professional: name, title, presentation, languages. */
export function ProfileCard({
  profile,
  onSave,
  photo,
}: {
  profile: UserProfile;
  onSave: (payload: UserProfilePayload) => Promise<unknown>;
  /** The photo field, shown above the form. */
  photo?: React.ReactNode;
}) {
  const { formError, attempt } = useFormError();
  const { control, handleSubmit, reset, formState } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: formValues(profile),
  });
  useEffect(() => reset(formValues(profile)), [profile, reset]);

  const submit = handleSubmit((values) =>
    attempt(() =>
      onSave({
        ...(values.civility ? { civility: values.civility } : {}),
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        presentation_title: values.presentation_title.trim(),
        public_phone: values.public_phone.trim() || null,
        presentation: values.presentation.trim(),
        spoken_languages: values.spoken_languages,
      }),
    ),
  );
  const languageOptions: string[] = [...SPOKEN_LANGUAGE_CODES];

  return (
    <SettingsCard title="Mon profil" text="Ce que vos clients voient sur votre page publique.">
      {photo ? <Box sx={{ mb: 3 }}>{photo}</Box> : null}
      <SettingsForm
        label="Mon profil"
        onSubmit={submit}
        formError={formError}
        submitting={formState.isSubmitting}
        dirty={formState.isDirty}
        actions={
          profile.userUri ? (
            <Link href={`/${sector.routes.profile}/${profile.userUri}`} target="_blank" rel="noopener">
              Voir ma page publique
            </Link>
          ) : null
        }
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="civility" select label="Civilité" sx={{ minWidth: 120 }}>
            <MenuItem value="">—</MenuItem>
            {CIVILITIES.map((civility) => (
              <MenuItem key={civility} value={civility}>
                {civility}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="first_name" label="Prénom" required fullWidth />
          <FormTextField control={control} name="last_name" label="Nom" required fullWidth />
        </Stack>
        <FormTextField
          control={control}
          name="presentation_title"
          label="Titre de présentation"
          helperText="Une ligne affichée sous votre nom sur votre page et dans les résultats de recherche."
          fullWidth
        />
        <FormTextField
          control={control}
          name="public_phone"
          label="Téléphone affiché sur votre profil"
          type="tel"
          autoComplete="off"
          helperText="Le numéro que vos clients obtiennent avec « Afficher le numéro » : standard ou ligne directe. Vide, votre profil n’affiche aucun numéro ; le mobile de votre compte reste toujours privé."
          fullWidth
        />
        <FormTextField
          control={control}
          name="presentation"
          label="Présentation"
          multiline
          minRows={5}
          fullWidth
          helperText="Votre parcours, votre façon de travailler, ce que vos clients doivent savoir avant le rendez-vous."
        />
        <Controller
          control={control}
          name="spoken_languages"
          render={({ field, fieldState }) => (
            <Autocomplete
              multiple
              options={languageOptions}
              value={field.value}
              onChange={(_event, value) => field.onChange(value)}
              getOptionLabel={languageLabel}
              filterSelectedOptions
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Langues parlées"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          )}
        />
      </SettingsForm>
    </SettingsCard>
  );
}
