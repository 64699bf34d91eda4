import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES_FR } from '@rdv/sectors';
import { authApi } from '../api/auth';
import { ApiError } from '../api/client';
import { useStartSession } from '../auth/session';
import {
  PHONE_COUNTRIES,
  completeRegistrationSchema,
  fromE164,
  toE164,
  type CompleteRegistrationValues,
} from '../auth/registration';
import { PASSWORD_MIN_LENGTH } from '@rdv/sectors';
import { AuthLayout } from '../layout/AuthLayout';
import { sector } from '../sector';
import { FormTextField } from '../components/FormTextField';
import { PasswordField } from '../components/PasswordField';
import { RouterLink } from '../components/RouterLink';

export const INVALID_REGISTRATION_LINK_MESSAGE =
  'Ce lien d’inscription n’est pas valide ou l’inscription a déjà été finalisée.';
export const REGISTRATION_DONE_MESSAGE =
  'Votre inscription est terminée. Vous pouvez maintenant vous connecter.';

function ConsentCheckbox({
  control,
  name,
  children,
}: {
  control: ReturnType<typeof useForm<CompleteRegistrationValues>>['control'];
  name: 'cgu_accepted' | 'privacy_accepted';
  children: React.ReactNode;
}) {
  const helperId = `${name}-helper`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)} required>
          <FormControlLabel
            sx={{ alignItems: 'flex-start' }}
            control={
              <Checkbox
                name={field.name}
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                sx={{ mt: -0.75 }}
                slotProps={{
                  input: {
                    ref: field.ref,
                    'aria-describedby': fieldState.error ? helperId : undefined,
                    'aria-invalid': Boolean(fieldState.error),
                  } as React.InputHTMLAttributes<HTMLInputElement>,
                }}
              />
            }
            label={<Typography variant="body2">{children}</Typography>}
          />
          {fieldState.error ? (
            <FormHelperText id={helperId}>{fieldState.error.message}</FormHelperText>
          ) : null}
        </FormControl>
      )}
    />
  );
}

export function CompleteRegistrationPage() {
  const { userId = '' } = useParams();
  // The mailed link is /user/inscription/{userId}?token=...: the API answers 404 without the token.
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const registration = useQuery({
    queryKey: ['registration', userId, token],
    queryFn: ({ signal }) => authApi.pendingRegistration(userId, token, signal),
    retry: false,
  });
  const { control, handleSubmit, formState, watch, resetField } = useForm<CompleteRegistrationValues>({
    resolver: zodResolver(completeRegistrationSchema),
    defaultValues: {
      password: '',
      password_confirmation: '',
      phone_country: 'FR',
      telephone: '',
      cgu_accepted: false,
      privacy_accepted: false,
    },
  });
  const phoneCountry = watch('phone_country');
  // The number given in the registration request is already on the account: offered, not asked again.
  const knownPhone = fromE164(registration.data?.telephone);
  useEffect(() => {
    if (!knownPhone) return;
    resetField('phone_country', { defaultValue: knownPhone.country });
    resetField('telephone', { defaultValue: knownPhone.national });
  }, [knownPhone?.country, knownPhone?.national, resetField]); // eslint-disable-line react-hooks/exhaustive-deps

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const telephone = toE164(values.telephone, values.phone_country);
    if (!telephone) return;
    try {
      const answer = await authApi.completeRegistration(userId, token, {
        password: values.password,
        password_confirmation: values.password_confirmation,
        telephone,
        cgu_accepted: true,
        privacy_accepted: true,
      });
      if (answer?.token && answer.user) {
        await startSession(answer.user, answer.token);
        navigate('/dashboard', { replace: true });
      } else {
        setDone(true);
      }
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : MESSAGES_FR.unexpectedError);
    }
  });

  if (registration.isPending) {
    return (
      <AuthLayout title="Finaliser mon inscription">
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Chargement" />
        </Box>
      </AuthLayout>
    );
  }

  if (registration.isError) {
    const error = registration.error;
    const notFound =
      error instanceof ApiError && (error.status === 404 || error.status === 410 || error.status === 400);
    return (
      <AuthLayout title="Finaliser mon inscription">
        <Stack spacing={3}>
          <Alert severity={notFound ? 'warning' : 'error'}>
            {notFound ? INVALID_REGISTRATION_LINK_MESSAGE : error.message}
          </Alert>
          <Button component={RouterLink} to="/connexion" variant="outlined">
            Aller à la connexion
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout title="Inscription terminée">
        <Stack spacing={3}>
          <Alert severity="success">{REGISTRATION_DONE_MESSAGE}</Alert>
          <Button component={RouterLink} to="/connexion" variant="contained" size="large">
            Se connecter
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  const account = registration.data;
  const fullName = [account.first_name, account.last_name].filter(Boolean).join(' ');

  return (
    <AuthLayout
      title="Finaliser mon inscription"
      subtitle="Choisissez votre mot de passe et indiquez votre numéro de téléphone pour activer votre compte."
    >
      <Box
        sx={{ mb: 3, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}
        role="group"
        aria-label="Compte à activer"
      >
        {fullName ? <Typography sx={{ fontWeight: 600 }}>{fullName}</Typography> : null}
        <Typography color="text.secondary" variant="body2">
          {account.email}
        </Typography>
        {account.city ? (
          <Typography color="text.secondary" variant="body2">
            Commune d’exercice : {account.city.name}
          </Typography>
        ) : null}
        {account.office_name ? (
          <Typography color="text.secondary" variant="body2">
            {`${sector.words.office.charAt(0).toUpperCase()}${sector.words.office.slice(1)} : ${account.office_name}`}
          </Typography>
        ) : null}
      </Box>
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
        <Stack spacing={2.5}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <PasswordField
            control={control}
            name="password"
            label="Mot de passe"
            autoComplete="new-password"
            helperText={`Au moins ${PASSWORD_MIN_LENGTH} caractères`}
          />
          <PasswordField
            control={control}
            name="password_confirmation"
            label="Confirmation du mot de passe"
            autoComplete="new-password"
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <FormTextField
              control={control}
              name="phone_country"
              label="Pays"
              select
              sx={{ minWidth: { sm: 170 }, width: { sm: 'auto' } }}
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
              label="Téléphone"
              type="tel"
              autoComplete="tel-national"
              placeholder={
                phoneCountry === 'FR'
                  ? '06 12 34 56 78'
                  : phoneCountry === 'BE'
                    ? '0470 12 34 56'
                    : '078 123 45 67'
              }
            />
          </Stack>
          <Stack spacing={1}>
            <ConsentCheckbox control={control} name="cgu_accepted">
              J’accepte les{' '}
              <Link href="/cgu" target="_blank" rel="noopener">
                conditions générales d’utilisation
              </Link>
            </ConsentCheckbox>
            <ConsentCheckbox control={control} name="privacy_accepted">
              J’accepte la{' '}
              <Link href="/politique-de-confidentialite" target="_blank" rel="noopener">
                politique de protection des données
              </Link>
            </ConsentCheckbox>
          </Stack>
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
            Activer mon compte
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
