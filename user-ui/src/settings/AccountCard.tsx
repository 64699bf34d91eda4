import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES_FR } from '@rdv/sectors';
import { accountApi } from '../api/account';
import type { UserProfile, UserProfilePayload } from '../api/auth';
import { INVALID_PHONE_MESSAGE, PHONE_COUNTRIES, toE164, type PhoneCountry } from '../auth/registration';
import { newPassword, requiredEmail } from '../auth/validation';
import { FormDialog } from '../components/FormDialog';
import { FormTextField } from '../components/FormTextField';
import { PasswordField } from '../components/PasswordField';
import { useDialogFormError, useFormError } from '../components/useFormError';
import { SettingsCard, SettingsForm } from './SettingsCard';

const LANGUAGES = [
  { code: 'fr', label: 'Français' },
  { code: 'en', label: 'English' },
] as const;

type Dialog = 'email' | 'phone' | 'password' | null;

/**
 * "Mon compte": the sign-in address, the phone and the password, each changed with its own proof (a link
 * mailed to the new address, a code sent by SMS to the new number, the current password), and the time
 * zone and language of the space and of the mails.
 */
export function AccountCard({
  profile,
  onSave,
  onAccountChange,
}: {
  profile: UserProfile;
  onSave: (payload: UserProfilePayload) => Promise<unknown>;
  /** The account as the API answers it after a change made here (the verified phone). */
  onAccountChange: (account: UserProfile) => void;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => {
    setDialog(null);
    setNotice(message);
  };
  return (
    <SettingsCard
      id="compte"
      title="Mon compte"
      text="Vos identifiants de connexion, votre fuseau horaire et la langue de votre espace et de vos emails."
    >
      <Stack spacing={2}>
        <div aria-live="polite">{notice ? <Alert severity="success">{notice}</Alert> : null}</div>
        <CredentialRow label="Adresse email" value={profile.email} onChange={() => setDialog('email')} />
        <CredentialRow
          label="Téléphone"
          value={profile.telephone ?? 'Non renseigné'}
          status={
            profile.telephone ? (
              <Chip
                size="small"
                color={profile.phoneVerifiedAt ? 'success' : 'warning'}
                variant="outlined"
                label={profile.phoneVerifiedAt ? 'Vérifié' : 'Non vérifié'}
              />
            ) : null
          }
          onChange={() => setDialog('phone')}
        />
        <CredentialRow label="Mot de passe" value="••••••••••" onChange={() => setDialog('password')} />
        <Divider />
        <PreferencesForm profile={profile} onSave={onSave} />
      </Stack>
      <EmailDialog open={dialog === 'email'} onClose={() => setDialog(null)} onDone={done} />
      <PhoneDialog
        open={dialog === 'phone'}
        userId={profile._id}
        onClose={() => setDialog(null)}
        onDone={(account, message) => {
          onAccountChange(account);
          done(message);
        }}
      />
      <PasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} onDone={done} />
    </SettingsCard>
  );
}

function CredentialRow({
  label,
  value,
  status,
  onChange,
}: {
  label: string;
  value: string;
  status?: React.ReactNode;
  onChange: () => void;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <Stack sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{value}</Typography>
          {status}
        </Stack>
      </Stack>
      <Button onClick={onChange} aria-label={`Changer : ${label.toLowerCase()}`}>
        Changer
      </Button>
    </Stack>
  );
}

const preferencesSchema = z.object({
  timezone: z.string().min(1, 'Choisissez un fuseau horaire'),
  language: z.enum(['fr', 'en']),
});
type PreferencesValues = z.infer<typeof preferencesSchema>;

function PreferencesForm({
  profile,
  onSave,
}: {
  profile: UserProfile;
  onSave: (payload: UserProfilePayload) => Promise<unknown>;
}) {
  const { formError, attempt } = useFormError();
  const [saved, setSaved] = useState(false);
  const values = (): PreferencesValues => ({ timezone: profile.timezone, language: profile.language });
  const { control, handleSubmit, reset, formState } = useForm<PreferencesValues>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: values(),
  });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the saved account changes
  useEffect(() => reset(values()), [profile.timezone, profile.language, reset]);
  const timezones = useQuery({
    queryKey: ['timezones'],
    queryFn: ({ signal }) => accountApi.timezones(signal),
    staleTime: Infinity,
  });
  const submit = handleSubmit((next) => {
    setSaved(false);
    return attempt(async () => {
      await onSave(next);
      setSaved(true);
    });
  });
  return (
    <SettingsForm
      label="Fuseau horaire et langue"
      onSubmit={submit}
      formError={formError}
      success={saved ? 'Préférences enregistrées' : null}
      submitting={formState.isSubmitting}
      dirty={formState.isDirty}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          control={control}
          name="timezone"
          render={({ field, fieldState }) => (
            <Autocomplete
              value={field.value}
              onChange={(_event, value) => field.onChange(value ?? '')}
              options={timezones.data ?? [field.value]}
              loading={timezones.isPending}
              disableClearable
              sx={{ flex: 1 }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Fuseau horaire"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'Les heures de votre agenda et de vos emails.'}
                />
              )}
            />
          )}
        />
        <FormTextField control={control} name="language" label="Langue" select sx={{ minWidth: 180 }}>
          {LANGUAGES.map((language) => (
            <MenuItem key={language.code} value={language.code}>
              {language.label}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
    </SettingsForm>
  );
}

const emailSchema = z.object({
  email: requiredEmail,
  current_password: z.string().min(1, 'Le mot de passe actuel est obligatoire'),
});
type EmailValues = z.infer<typeof emailSchema>;

function EmailDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { control, handleSubmit, reset, formState } = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: '', current_password: '' },
  });
  const { formError, attempt } = useDialogFormError(open, reset);
  const submit = handleSubmit((values) =>
    attempt(async () => {
      const answer = await accountApi.requestEmailChange(
        values.email.trim().toLowerCase(),
        values.current_password,
      );
      onDone(answer.message);
    }),
  );
  return (
    <FormDialog
      open={open}
      title="Changer d’adresse email"
      intro="Un lien de confirmation est envoyé à la nouvelle adresse : elle remplace l’actuelle quand vous l’ouvrez."
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Envoyer le lien"
      submitting={formState.isSubmitting}
      formError={formError}
    >
      <FormTextField
        control={control}
        name="email"
        label="Nouvelle adresse email"
        type="email"
        autoComplete="email"
      />
      <PasswordField
        control={control}
        name="current_password"
        label="Mot de passe actuel"
        autoComplete="current-password"
      />
    </FormDialog>
  );
}

const passwordSchema = z
  .object({
    current_password: z.string().min(1, 'Le mot de passe actuel est obligatoire'),
    password: newPassword,
    password_confirmation: z.string().min(1, 'Veuillez confirmer le mot de passe'),
  })
  .refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    message: MESSAGES_FR.passwordsDiffer,
  });
type PasswordValues = z.infer<typeof passwordSchema>;

function PasswordDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { control, handleSubmit, reset, formState } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const { formError, attempt } = useDialogFormError(open, reset);
  const submit = handleSubmit((values) =>
    attempt(async () => {
      const answer = await accountApi.changePassword(
        values.current_password,
        values.password,
        values.password_confirmation,
      );
      // Every other session ended; this one goes on with the new token, set by the API in its cookie.
      onDone(answer.message);
    }),
  );
  return (
    <FormDialog
      open={open}
      title="Changer le mot de passe"
      intro="Vos autres sessions (autres navigateurs, téléphone) seront déconnectées."
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Changer le mot de passe"
      submitting={formState.isSubmitting}
      formError={formError}
    >
      <PasswordField
        control={control}
        name="current_password"
        label="Mot de passe actuel"
        autoComplete="current-password"
      />
      <PasswordField
        control={control}
        name="password"
        label="Nouveau mot de passe"
        autoComplete="new-password"
      />
      <PasswordField
        control={control}
        name="password_confirmation"
        label="Confirmation du nouveau mot de passe"
        autoComplete="new-password"
      />
    </FormDialog>
  );
}

const phoneSchema = z
  .object({
    phone_country: z.enum(PHONE_COUNTRIES.map((c) => c.code) as [PhoneCountry, ...PhoneCountry[]]),
    telephone: z.string().trim().min(1, 'Veuillez renseigner votre numéro de téléphone'),
    code: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.telephone && !toE164(values.telephone, values.phone_country))
      ctx.addIssue({ code: 'custom', path: ['telephone'], message: INVALID_PHONE_MESSAGE });
  });
type PhoneValues = z.infer<typeof phoneSchema>;

/** Two steps: the new number gets a code by SMS; the number becomes the account's once the code is typed. */
function PhoneDialog({
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
