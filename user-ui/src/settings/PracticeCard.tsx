import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { UserProfile, UserProfilePayload } from '../api/auth';
import { referenceApi, type Speciality } from '../api/reference';
import { CityAutocomplete, type CityChoice } from '../components/CityAutocomplete';
import { FormTextField } from '../components/FormTextField';
import { useFormError } from '../components/useFormError';
import { barByKey, FRENCH_BARS, type Bar } from '@rdv/sectors';
import { sector } from '../sector';
import { SettingsCard, SettingsForm } from './SettingsCard';

const practiceSchema = z.object({
  city: z.custom<CityChoice | null>(),
  street: z.string().trim().max(200, 'L’adresse ne peut pas dépasser 200 caractères'),
  postal_code: z
    .string()
    .trim()
    .regex(/^(\d{5}|\d{4})?$/, 'Le code postal doit contenir 5 chiffres (4 en Belgique et en Suisse)'),
  specialities: z.array(z.custom<Speciality>()).max(10, 'Au plus 10 domaines de compétence'),
  fees_info: z.string().trim().max(2000, 'Les honoraires ne peuvent pas dépasser 2 000 caractères'),
  accepts_legal_aid: z.boolean(),
  bar: z.custom<Bar | null>(),
});
type PracticeFormValues = z.input<typeof practiceSchema>;

function formValues(profile: UserProfile): PracticeFormValues {
  return {
    city: profile.city ? { ...profile.city } : null,
    street: profile.street ?? '',
    postal_code: profile.postal_code ?? '',
    specialities: profile.specialities.map((s) => ({ _id: s._id, slug: s.slug, name: s.name })),
    fees_info: profile.fees_info ?? '',
    accepts_legal_aid: profile.accepts_legal_aid,
    bar: barByKey(profile.bar) ?? null,
  };
}

/**
 * Where and in what the professional practises: what puts them in the directory (the commune) and what
 * clients choose on (address, specialities in their order, fees). docs/product.md §1 "findable profile".
 */
export function PracticeCard({
  profile,
  onSave,
}: {
  profile: UserProfile;
  onSave: (payload: UserProfilePayload) => Promise<unknown>;
}) {
  const { formError, attempt } = useFormError();
  const { control, handleSubmit, reset, formState, setValue, getValues } = useForm<PracticeFormValues>({
    resolver: zodResolver(practiceSchema),
    defaultValues: formValues(profile),
  });
  useEffect(() => reset(formValues(profile)), [profile, reset]);
  const specialities = useQuery({
    queryKey: ['specialities'],
    queryFn: ({ signal }) => referenceApi.specialities(signal),
    staleTime: 10 * 60_000,
  });

  const submit = handleSubmit((values) =>
    attempt(() =>
      onSave({
        city_uri: values.city?.cityUri ?? null,
        street: values.street.trim() || null,
        postal_code: values.postal_code.trim() || null,
        fees_info: values.fees_info.trim() || null,
        accepts_legal_aid: values.accepts_legal_aid,
        ...(sector.hasBar ? { bar: values.bar?.key ?? null } : {}),
        speciality_ids: values.specialities.map((s) => s._id),
      }),
    ),
  );

  const listing = profile.profile_completeness;
  return (
    <SettingsCard
      id="cabinet"
      title="Mon activité"
      text={
        listing.listed
          ? `Votre profil apparaît dans l’annuaire de votre ville et de vos domaines de compétence.`
          : `Votre profil n’apparaît pas encore dans l’annuaire : il manque ${listing.missing_for_listing
              .join(', ')
              .toLowerCase()}.`
      }
    >
      <SettingsForm
        label="Mon activité"
        onSubmit={submit}
        formError={formError}
        submitting={formState.isSubmitting}
        dirty={formState.isDirty}
      >
        <Controller
          control={control}
          name="city"
          render={({ field }) => (
            <CityAutocomplete
              value={field.value}
              onChange={field.onChange}
              postalCode={{
                current: () => getValues('postal_code'),
                fill: (code) => setValue('postal_code', code, { shouldDirty: true }),
              }}
              label="Ville d’exercice"
              required
              helperText="Vos clients vous trouvent sur la page de cette ville."
            />
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="street"
            label={`Adresse du ${sector.words.office}`}
            autoComplete="street-address"
            fullWidth
          />
          <FormTextField
            control={control}
            name="postal_code"
            label="Code postal"
            autoComplete="postal-code"
            inputMode="numeric"
            sx={{ minWidth: 140 }}
          />
        </Stack>
        <Controller
          control={control}
          name="specialities"
          render={({ field, fieldState }) => (
            <Autocomplete<Speciality, true>
              multiple
              value={field.value}
              onChange={(_event, value) => field.onChange(value)}
              options={specialities.data ?? []}
              getOptionLabel={(speciality) => speciality.name}
              isOptionEqualToValue={(option, value) => option._id === value._id}
              filterSelectedOptions
              loading={specialities.isPending}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Domaines de compétence"
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error?.message ??
                    'Dans l’ordre où vous les choisissez : le premier est votre domaine principal.'
                  }
                />
              )}
            />
          )}
        />
        {sector.hasBar && (
          <Controller
            control={control}
            name="bar"
            render={({ field }) => (
              <Autocomplete
                options={FRENCH_BARS}
                value={field.value}
                onChange={(_event, bar) => field.onChange(bar)}
                getOptionLabel={(bar) => bar.label}
                isOptionEqualToValue={(option, value) => option.key === value.key}
                renderInput={(params) => (
                  <TextField {...params} label="Barreau" helperText="Affiché sur votre profil public." />
                )}
              />
            )}
          />
        )}
        <FormTextField
          control={control}
          name="fees_info"
          label="Honoraires"
          multiline
          minRows={3}
          fullWidth
          helperText="Par exemple : première consultation 80 € TTC, honoraires au forfait."
        />
        <Controller
          control={control}
          name="accepts_legal_aid"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch checked={field.value} onChange={(_event, checked) => field.onChange(checked)} />
              }
              label="J’accepte les dossiers à l’aide juridictionnelle"
            />
          )}
        />
      </SettingsForm>
    </SettingsCard>
  );
}
