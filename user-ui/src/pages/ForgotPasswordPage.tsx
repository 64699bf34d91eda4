import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { MESSAGES_FR } from '@rdv/sectors';
import { authApi } from '../api/auth';
import { ApiError } from '../api/client';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../auth/validation';
import { AuthLayout } from '../layout/AuthLayout';
import { FormTextField } from '../components/FormTextField';
import { RouterLink } from '../components/RouterLink';

export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await authApi.forgotPassword(email);
      setSent(true);
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : MESSAGES_FR.unexpectedError);
    }
  });

  return (
    <AuthLayout
      title="Mot de passe oublié"
      subtitle={
        sent
          ? undefined
          : 'Indiquez l’email de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.'
      }
    >
      {sent ? (
        <Stack spacing={3}>
          <Alert severity="success">{MESSAGES_FR.passwordResetMailSent}</Alert>
          <Button component={RouterLink} to="/connexion" variant="outlined">
            Retour à la connexion
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
          <Stack spacing={2.5}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <FormTextField
              control={control}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              autoFocus
            />
            <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
              Recevoir le lien de réinitialisation
            </Button>
            <Link component={RouterLink} to="/connexion" variant="body2" sx={{ textAlign: 'center' }}>
              Retour à la connexion
            </Link>
          </Stack>
        </Box>
      )}
    </AuthLayout>
  );
}
