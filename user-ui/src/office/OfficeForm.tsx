import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Stack from '@mui/material/Stack';
import { ApiError } from '../api/client';
import type { Office, OfficePayload } from '../api/offices';
import { CityAutocomplete, type CityChoice } from '../components/CityAutocomplete';
import { FormTextField } from '../components/FormTextField';
import { useFormError } from '../components/useFormError';
import { checkOfficeIdentifier, officeIdentifierOf } from '@rdv/sectors';
import { sector } from '../sector';
import { SettingsForm } from '../settings/SettingsCard';

const optionalText = (max: number, message: string) => z.string().trim().max(max, message);

/** The same rules as the API (offices.dto.ts), checked before sending so mistakes are named at once. */
export const officeSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, `Le nom du ${sector.words.office} est obligatoire`)
    .max(200, `Le nom du ${sector.words.office} ne doit pas dépasser 200 caractères`),
  ext_id: z.string().superRefine((value, context) => {
    const checked = checkOfficeIdentifier(sector, value);
    if (!checked.ok) context.addIssue({ code: 'custom', message: checked.message });
  }),
  city: z.custom<CityChoice | null>(),
  street: optionalText(300, 'L’adresse est trop longue'),
  postal_code: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, 'Le code postal doit contenir 5 chiffres'),
  phone: z
    .string()
    .trim()
    .regex(/^(\+?[0-9 .()-]{9,20})?$/, 'Veuillez renseigner un numéro de téléphone valide'),
  email: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'Veuillez renseigner un email valide',
    ),
  presentation: optionalText(10_000, 'La présentation ne doit pas dépasser 10 000 caractères'),
});
export type OfficeFormValues = z.input<typeof officeSchema>;

export const EMPTY_OFFICE: OfficeFormValues = {
  name: '',
  ext_id: '',
  city: null,
  street: '',
  postal_code: '',
  phone: '',
  email: '',
  presentation: '',
};

export function officeFormValues(office: Office): OfficeFormValues {
  return {
    name: office.name,
    ext_id: office.ext_id,
    city: office.city ? { ...office.city, postalCodes: [] } : null,
    street: office.street ?? '',
    postal_code: office.postal_code ?? '',
    phone: office.phone ?? '',
    email: office.email ?? '',
    presentation: office.presentation ?? '',
  };
}

function toPayload(values: OfficeFormValues): OfficePayload {
  const orNull = (value: string) => value.trim() || null;
  return {
    name: values.name.trim(),
    ext_id: values.ext_id.trim(),
    city_uri: values.city?.cityUri ?? null,
    street: orNull(values.street),
    postal_code: orNull(values.postal_code),
    phone: orNull(values.phone),
    email: orNull(values.email),
    presentation: orNull(values.presentation),
  };
}

/**
 * The office's name, registration number, address and presentation: used to create an office and, by its
 * manager, to save it. A number another office has is shown on the field in the sector's words ("Un cabinet
 * avec ce SIRET existe déjà"); other refusals above the form.
 */
export function OfficeForm({
  label,
  initial,
  onSubmit,
  success,
  alwaysSubmittable,
}: {
  label: string;
  initial: OfficeFormValues;
  onSubmit: (payload: OfficePayload) => Promise<unknown>;
  success?: string | null;
  /** A new office can be created from a form nobody touched yet only once it is filled. */
  alwaysSubmittable?: boolean;
}) {
  const { formError, attempt } = useFormError();
  const [saved, setSaved] = useState(false);
  const { control, handleSubmit, reset, formState, setError, setValue, getValues } =
    useForm<OfficeFormValues>({
      resolver: zodResolver(officeSchema),
      defaultValues: initial,
    });
  useEffect(() => reset(initial), [initial, reset]);

  const submit = handleSubmit((values) => {
    setSaved(false);
    return attempt(async () => {
      try {
        await onSubmit(toPayload(values));
        setSaved(true);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'EXT_ID_ALREADY_EXISTS') {
          setError('ext_id', { message: officeIdentifierOf(sector).taken }, { shouldFocus: true });
          return;
        }
        throw error;
      }
    });
  });

  return (
    <SettingsForm
      label={label}
      onSubmit={submit}
      formError={formError}
      success={saved ? (success ?? null) : null}
      submitting={formState.isSubmitting}
      dirty={alwaysSubmittable ? true : formState.isDirty}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="name"
          label={`Nom du ${sector.words.office}`}
          required
          fullWidth
        />
        <FormTextField
          control={control}
          name="ext_id"
          label={officeIdentifierOf(sector).label}
          required
          helperText={`${officeIdentifierOf(sector).help} Vos confrères le saisissent pour vous rejoindre.`}
          sx={{ minWidth: { sm: 220 } }}
        />
      </Stack>
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
            label="Commune"
          />
        )}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="street"
          label="Adresse"
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
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="phone"
          label="Téléphone"
          type="tel"
          autoComplete="tel"
          fullWidth
        />
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          fullWidth
        />
      </Stack>
      <FormTextField
        control={control}
        name="presentation"
        label="Présentation"
        multiline
        minRows={4}
        fullWidth
        helperText={`Affichée sur la page publique du ${sector.words.office}.`}
      />
    </SettingsForm>
  );
}
