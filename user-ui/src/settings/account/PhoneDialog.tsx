import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { accountApi } from '../../api/account';
import type { UserProfile } from '../../api/auth';
import { PHONE_COUNTRIES, toE164 } from '../../auth/registration';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { useDialogFormError } from '../../components/useFormError';
import { phoneSchema, type PhoneValues } from './schemas';

/** Two steps: the new number gets a code by SMS; the number becomes the account's once the code is typed. */
export function PhoneDialog({
  open,
  userId,
  onClose,
  onDone,
}: {
  open: boolean;
  userId: string;
  onClose: () => void;
  onDone: (account: UserProfile, message: string) => void;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { control, handleSubmit, reset, formState, setError } = useForm<PhoneValues>({
    resolver: zodResolver(phoneSchema),
    defaultValues: { phone_country: 'FR', telephone: '', code: '' },
  });
  const { formError, attempt } = useDialogFormError(open, () => {
    reset();
    setSentTo(null);
  });
  const submit = handleSubmit((values) =>
    attempt(async () => {
      if (!sentTo) {
        const sent = await accountApi.sendPhoneCode(userId, toE164(values.telephone, values.phone_country)!);
        setSentTo(sent.phone);
        return;
      }
      if (!/^\d{4,10}$/.test(values.code.trim())) {
        setError('code', { message: 'Saisissez le code reçu par SMS' });
        return;
      }
      const verified = await accountApi.verifyPhoneCode(userId, values.code.trim());
      onDone(verified.user, verified.message);
    }),
  );
  return (
    <FormDialog
      open={open}
      title="Changer de numéro de téléphone"
      intro={
        sentTo
          ? `Un code vous a été envoyé par SMS au ${sentTo}. Il est valable 10 minutes.`
          : 'Un code est envoyé par SMS au nouveau numéro : il devient le vôtre quand vous le saisissez.'
      }
      onClose={onClose}
      onSubmit={submit}
      submitLabel={sentTo ? 'Vérifier le code' : 'Recevoir un code'}
      submitting={formState.isSubmitting}
      formError={formError}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <FormTextField
          control={control}
          name="phone_country"
          label="Pays"
          select
          disabled={Boolean(sentTo)}
          sx={{ minWidth: { sm: 150 } }}
        >
          {PHONE_COUNTRIES.map((country) => (
            <MenuItem key={country.code} value={country.code}>
              {country.label}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="telephone"
          label="Nouveau numéro"
          type="tel"
          autoComplete="tel-national"
          disabled={Boolean(sentTo)}
          fullWidth
        />
      </Stack>
      {sentTo ? (
        <FormTextField
          control={control}
          name="code"
          label="Code reçu par SMS"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
        />
      ) : null}
    </FormDialog>
  );
}
