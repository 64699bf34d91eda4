import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Stack from '@mui/material/Stack';
import { SIREN_INVALID, bareRegistrationNumber, isValidSiren } from '@rdv/sectors';
import type { Billing, BillingProfile } from '../api/billing';
import { FormTextField } from '../components/FormTextField';
import { useFormError } from '../components/useFormError';
import { SettingsCard, SettingsForm } from '../settings/SettingsCard';

// The API's rules and French texts (backend/src/modules/billing/billing.dto.ts, BillingProfileDto), checked here
// first so each field says what is wrong before the round trip.
const firmSchema = z.object({
  firmName: z
    .string()
    .trim()
    .min(2, 'La raison sociale est obligatoire')
    .max(200, 'La raison sociale est trop longue'),
  siren: z
    .string()
    .refine((value) => value.trim() === '' || isValidSiren(bareRegistrationNumber(value)), SIREN_INVALID),
  street: z.string().trim().min(3, 'L’adresse est obligatoire').max(300, 'L’adresse est trop longue'),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Le code postal doit comporter 5 chiffres'),
  city: z.string().trim().min(1, 'La ville est obligatoire').max(120, 'La ville est trop longue'),
});
type FirmFormValues = z.input<typeof firmSchema>;

function formValues(profile: BillingProfile | null | undefined): FirmFormValues {
  return {
    firmName: profile?.firmName ?? '',
    siren: profile?.siren ?? '',
    street: profile?.street ?? '',
    postalCode: profile?.postalCode ?? '',
    city: profile?.city ?? '',
  };
}

/**
 * The firm printed on invoices (the customer's mentions: name, SIREN, address). Saved for the next invoice; the
 * invoices already issued never change (a credit note corrects them).
 */
export function FirmCard({
  billing,
  onSave,
}: {
  billing: Billing;
  onSave: (profile: BillingProfile) => Promise<Billing>;
}) {
  const { formError, attempt } = useFormError();
  const [saved, setSaved] = useState(false);
  const { control, handleSubmit, reset, formState } = useForm<FirmFormValues>({
    resolver: zodResolver(firmSchema),
    defaultValues: formValues(billing.profile),
  });
  useEffect(() => reset(formValues(billing.profile)), [billing.profile, reset]);
  const submit = handleSubmit((values) =>
    attempt(async () => {
      setSaved(false);
      const siren = bareRegistrationNumber(values.siren);
      await onSave({
        firmName: values.firmName.trim(),
        siren: siren === '' ? null : siren,
        street: values.street.trim(),
        postalCode: values.postalCode.trim(),
        city: values.city.trim(),
      });
      setSaved(true);
    }),
  );
  return (
    <SettingsCard
      id="facturation"
      title="Informations de facturation"
      text="Le cabinet au nom duquel vos factures sont établies. Les modifications valent pour les prochaines factures."
    >
      <SettingsForm
        label="Informations de facturation"
        onSubmit={submit}
        formError={formError}
        success={
          saved && !formState.isDirty
            ? 'Enregistré : votre prochaine facture portera ces informations.'
            : null
        }
        submitting={formState.isSubmitting}
        dirty={formState.isDirty}
      >
        <FormTextField
          control={control}
          name="firmName"
          label="Raison sociale du cabinet"
          autoComplete="organization"
          required
          fullWidth
        />
        <FormTextField
          control={control}
          name="siren"
          label="SIREN"
          inputMode="numeric"
          helperText="Les 9 chiffres de votre avis de situation Insee (facultatif pour un avocat exerçant à titre individuel)."
          sx={{ maxWidth: 320 }}
        />
        <FormTextField
          control={control}
          name="street"
          label="Adresse"
          autoComplete="street-address"
          required
          fullWidth
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="postalCode"
            label="Code postal"
            autoComplete="postal-code"
            inputMode="numeric"
            required
            sx={{ minWidth: 140 }}
          />
          <FormTextField
            control={control}
            name="city"
            label="Ville"
            autoComplete="address-level2"
            required
            fullWidth
          />
        </Stack>
      </SettingsForm>
    </SettingsCard>
  );
}
