import { useEffect, useRef, useState } from 'react';
import { Form, Link, TextInput } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MESSAGES_FR } from '@rdv/sectors';
import { ApiError } from '../api/client';
import { requestAdminPasswordReset } from './api';
import { AuthCard, FormError } from './AuthCard';
import { validateEmail } from './validation';

export const FORGOT_PASSWORD_TITLE = 'Mot de passe oublié';

/**
 * `/admin/forgot-password`: asks for the administrator's email and shows the API's answer, which is the
 * same whether an account exists or not (the link arrives by mail only to the account's owner).
 */
export function ForgotPasswordPage() {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const successRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sentMessage) successRef.current?.focus();
  }, [sentMessage]);

  const onSubmit = async (values: Record<string, unknown>) => {
    setError(null);
    setSubmitting(true);
    try {
      setSentMessage(await requestAdminPasswordReset(String(values.email ?? '')));
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : MESSAGES_FR.unexpectedError);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title={FORGOT_PASSWORD_TITLE}
      subtitle={
        sentMessage
          ? undefined
          : 'Indiquez l’email de votre compte administrateur : nous vous enverrons un lien pour choisir un nouveau mot de passe.'
      }
    >
      {sentMessage ? (
        <Stack spacing={3}>
          <Alert severity="success" role="status" ref={successRef} tabIndex={-1}>
            {sentMessage}
          </Alert>
          <Button component={Link} to="/login" variant="outlined" size="large">
            Retour à la connexion
          </Button>
        </Stack>
      ) : (
        <Form onSubmit={onSubmit} noValidate>
          <Stack spacing={1}>
            <FormError message={error} />
            <TextInput
              autoFocus
              source="email"
              type="email"
              label="Email"
              autoComplete="username"
              variant="outlined"
              fullWidth
              validate={validateEmail}
            />
            <Button type="submit" variant="contained" size="large" loading={submitting}>
              Recevoir le lien de réinitialisation
            </Button>
            <Box sx={{ textAlign: 'center', pt: 1.5 }}>
              <Link to="/login" variant="body2">
                Retour à la connexion
              </Link>
            </Box>
          </Stack>
        </Form>
      )}
    </AuthCard>
  );
}
