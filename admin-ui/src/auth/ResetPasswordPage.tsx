import { useState } from 'react';
import { Form, Link, PasswordInput, useLocation, useNavigate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MESSAGES_FR } from '@rdv/sectors';
import { ApiError } from '../api/client';
import { resetAdminPassword } from './api';
import { AuthCard, FormError } from './AuthCard';
import type { LoginPageState } from './LoginPage';
import { PASSWORD_MIN_LENGTH } from '@rdv/sectors';
import { validateNewPassword, validatePasswordConfirmation } from './validation';

export const RESET_PASSWORD_TITLE = 'Choisir un nouveau mot de passe';
export const MISSING_RESET_TOKEN_MESSAGE =
  'Ce lien de réinitialisation est incomplet : il ne contient pas de jeton. Utilisez le lien reçu par email ou faites une nouvelle demande.';

/**
 * `/admin/reset-password?token=...`, the link of the reset mail: sets a new password, then sends the
 * administrator to the login page with the API's success message (every earlier session has ended).
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(location.search).get('token')?.trim() ?? '';
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (!token) {
    return (
      <AuthCard title={RESET_PASSWORD_TITLE}>
        <Stack spacing={3}>
          <Alert severity="warning" role="alert">
            {MISSING_RESET_TOKEN_MESSAGE}
          </Alert>
          <Button component={Link} to="/forgot-password" variant="contained" size="large">
            Faire une nouvelle demande
          </Button>
          <Box sx={{ textAlign: 'center' }}>
            <Link to="/login" variant="body2">
              Retour à la connexion
            </Link>
          </Box>
        </Stack>
      </AuthCard>
    );
  }

  const onSubmit = async (values: Record<string, unknown>) => {
    setError(null);
    setSubmitting(true);
    try {
      const message = await resetAdminPassword(
        token,
        String(values.password ?? ''),
        String(values.password_confirmation ?? ''),
      );
      const state: LoginPageState = { notice: message };
      navigate('/login', { replace: true, state });
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : MESSAGES_FR.unexpectedError);
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title={RESET_PASSWORD_TITLE}
      subtitle={`Choisissez un mot de passe d’au moins ${PASSWORD_MIN_LENGTH} caractères. Une phrase de passe longue est bienvenue.`}
    >
      <Form onSubmit={onSubmit} noValidate>
        <Stack spacing={1}>
          <FormError message={error} />
          <PasswordInput
            autoFocus
            source="password"
            label="Nouveau mot de passe"
            autoComplete="new-password"
            variant="outlined"
            fullWidth
            validate={validateNewPassword}
          />
          <PasswordInput
            source="password_confirmation"
            label="Confirmation du mot de passe"
            autoComplete="new-password"
            variant="outlined"
            fullWidth
            validate={validatePasswordConfirmation}
          />
          <Button type="submit" variant="contained" size="large" loading={submitting}>
            Enregistrer le mot de passe
          </Button>
          <Box sx={{ textAlign: 'center', pt: 1.5 }}>
            <Link to="/forgot-password" variant="body2">
              Lien expiré ? Faire une nouvelle demande
            </Link>
          </Box>
        </Stack>
      </Form>
    </AuthCard>
  );
}
