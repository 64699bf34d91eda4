import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MESSAGES_FR } from '@rdv/sectors';
import { authApi } from '../api/auth';
import { ApiError } from '../api/client';
import { PASSWORD_MIN_LENGTH } from '@rdv/sectors';
import { resetPasswordSchema, type ResetPasswordValues } from '../auth/validation';
import { AuthLayout } from '../layout/AuthLayout';
import { PasswordField } from '../components/PasswordField';
import { RouterLink } from '../components/RouterLink';

export const INVALID_RESET_LINK_MESSAGE =
  'Ce lien de réinitialisation est incomplet. Utilisez le lien reçu par email ou faites une nouvelle demande.';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async ({ password, password_confirmation }) => {
    setFormError(null);
    try {
      await authApi.resetPassword(token, password, password_confirmation);
      setDone(true);
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : MESSAGES_FR.unexpectedError);
    }
  });

  if (!token) {
    return (
      <AuthLayout title="Choisir un nouveau mot de passe">
        <Stack spacing={3}>
          <Alert severity="warning">{INVALID_RESET_LINK_MESSAGE}</Alert>
          <Button component={RouterLink} to="/mot-de-passe-oublie" variant="contained">
            Faire une nouvelle demande
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choisir un nouveau mot de passe"
      subtitle={
        done
          ? undefined
          : `Choisissez un mot de passe d’au moins ${PASSWORD_MIN_LENGTH} caractères. Une phrase de passe longue est bienvenue.`
      }
    >
      {done ? (
        <Stack spacing={3}>
          <Alert severity="success">{MESSAGES_FR.passwordChanged}</Alert>
          <Button component={RouterLink} to="/connexion" variant="contained" size="large">
            Se connecter
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
          <Stack spacing={2.5}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <PasswordField
              control={control}
              name="password"
              label="Nouveau mot de passe"
              autoComplete="new-password"
              autoFocus
            />
            <PasswordField
              control={control}
              name="password_confirmation"
              label="Confirmation du mot de passe"
              autoComplete="new-password"
            />
            <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
              Enregistrer le mot de passe
            </Button>
          </Stack>
        </Box>
      )}
    </AuthLayout>
  );
}
