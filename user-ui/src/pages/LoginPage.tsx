import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES_FR, SERVER_TEXTS } from '@rdv/sectors';
import { safeReturnPath } from '@rdv/api-client';
import { authApi } from '../api/auth';
import { ApiError } from '../api/client';
import { useSession, useStartSession } from '../auth/session';
import { loginSchema, type LoginValues } from '../auth/validation';
import { AuthLayout } from '../layout/AuthLayout';
import { FormTextField } from '../components/FormTextField';
import { PasswordField } from '../components/PasswordField';
import { RouterLink } from '../components/RouterLink';
import { sector } from '../sector';

export const WRONG_CREDENTIALS_MESSAGE = 'Identifiants incorrects';

export function loginErrorMessage(error: unknown): string {
  if (error instanceof Error && error.name === 'NotAllowedError')
    return 'La clé d’accès n’a pas été utilisée. Réessayez.';
  if (!(error instanceof ApiError)) return MESSAGES_FR.unexpectedError;
  if (
    error.code === 'SECOND_FACTOR_INVALID' ||
    error.code === 'SECOND_FACTOR_EXPIRED' ||
    error.code === 'PASSKEY_INVALID'
  )
    return error.message;
  if (error.serverMessage === SERVER_TEXTS.accountNotExist || error.code === 'ACCOUNT_NOT_EXIST') {
    return MESSAGES_FR.accountNotExist;
  }
  if (error.status === 401) return WRONG_CREDENTIALS_MESSAGE;
  return error.message;
}

/** The page the professional was sent away from, through the return-path helper shared by the three apps. */
export function safeRedirect(from: unknown): string {
  return safeReturnPath(from, { fallback: '/dashboard', avoid: ['/connexion'] });
}

export function LoginPage() {
  const session = useSession();
  const startSession = useStartSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ pendingToken: string; methods: string[] } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit, formState } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  if (session.data) return <Navigate to="/dashboard" replace />;

  const signedIn = async (user: Parameters<typeof startSession>[0]) => {
    // The API has set the HttpOnly session cookie: the page keeps the account, never the token.
    await startSession(user);
    navigate(safeRedirect((location.state as { from?: unknown } | null)?.from), { replace: true });
  };

  const attempt = async (work: () => Promise<void>) => {
    setFormError(null);
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setFormError(loginErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = handleSubmit(({ username, password }) =>
    attempt(async () => {
      const answer = await authApi.login(username, password);
      if ('pendingToken' in answer) {
        setCode('');
        setPending({ pendingToken: answer.pendingToken, methods: answer.methods });
        return;
      }
      await signedIn(answer.user);
    }),
  );

  const withPasskey = (pendingToken?: string) =>
    attempt(async () => {
      const answer = await authApi.passkey(pendingToken);
      if ('user' in answer) await signedIn(answer.user as Parameters<typeof startSession>[0]);
    });

  if (pending)
    return (
      <AuthLayout
        title="Double authentification"
        subtitle="Confirmez votre identité pour terminer la connexion."
      >
        <Box
          component="form"
          noValidate
          aria-labelledby="auth-title"
          onSubmit={(event) => {
            event.preventDefault();
            void attempt(async () => {
              const answer = await authApi.secondFactor(pending.pendingToken, code.trim());
              if ('user' in answer) await signedIn(answer.user as Parameters<typeof startSession>[0]);
            });
          }}
        >
          <Stack spacing={2.5}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <TextField
              autoFocus
              label="Code de l’application ou code de secours"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              slotProps={{ htmlInput: { autoComplete: 'one-time-code' } }}
            />
            <Button type="submit" variant="contained" size="large" loading={busy} disabled={!code.trim()}>
              Valider
            </Button>
            {pending.methods.includes('passkey') ? (
              <Button variant="outlined" onClick={() => void withPasskey(pending.pendingToken)}>
                Utiliser une clé d’accès
              </Button>
            ) : null}
            <Button size="small" onClick={() => setPending(null)}>
              Recommencer la connexion
            </Button>
          </Stack>
        </Box>
      </AuthLayout>
    );

  return (
    <AuthLayout title="Connexion" subtitle={`Accédez à votre espace ${sector.words.singular}.`}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
        <Stack spacing={2.5}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <FormTextField
            control={control}
            name="username"
            label="Email ou identifiant"
            autoComplete="username"
            autoFocus
          />
          <Stack spacing={1}>
            <PasswordField
              control={control}
              name="password"
              label="Mot de passe"
              autoComplete="current-password"
            />
            <Link
              component={RouterLink}
              to="/mot-de-passe-oublie"
              variant="body2"
              sx={{ alignSelf: 'flex-end' }}
            >
              Mot de passe oublié ?
            </Link>
          </Stack>
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
            Se connecter
          </Button>
          <Button variant="outlined" disabled={busy} onClick={() => void withPasskey()}>
            Clé d’accès (sans mot de passe)
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 4, textAlign: 'center' }}>
        Pas encore de compte ? <Link href="/demande-inscription">Demander votre inscription</Link>
      </Typography>
    </AuthLayout>
  );
}
