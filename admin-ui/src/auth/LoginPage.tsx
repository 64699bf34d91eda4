import {
  Link,
  Login,
  LoginForm,
  PasswordInput,
  TextInput,
  email,
  required,
  useLocation,
  useLogin,
  useNotify,
  useTranslate,
} from 'react-admin';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { AuthHeading, authAvatarIcon, authPageSx } from './AuthCard';
import { usePendingSecondFactor } from './secondFactor';
import { SecondFactorStep } from './SecondFactorStep';
import { useConsoleDocumentTitle } from '../layout/DocumentTitle';

/** What another page may hand to the login page, e.g. the success message of a password reset. */
export interface LoginPageState {
  notice?: string;
}

/** `/admin/login`: react-admin's Login card with the sector's brand and an email field. */
export function LoginPage() {
  const translate = useTranslate();
  const notice = (useLocation().state as LoginPageState | null)?.notice;
  const pending = usePendingSecondFactor();
  useConsoleDocumentTitle(pending ? 'Double authentification' : 'Connexion');
  const login = useLogin();
  const notify = useNotify();
  const signInWithPasskey = () =>
    login({ passkey: true }).catch((error: unknown) =>
      notify(error instanceof Error ? error.message : 'ra.auth.sign_in_error', { type: 'error' }),
    );
  if (pending)
    return (
      <Login role="main" avatarIcon={authAvatarIcon} sx={authPageSx}>
        <AuthHeading title={translate('app.login.title')} subtitle="Double authentification" />
        <SecondFactorStep pending={pending} />
      </Login>
    );
  return (
    <Login role="main" avatarIcon={authAvatarIcon} sx={authPageSx}>
      <AuthHeading title={translate('app.login.title')} subtitle={translate('app.login.subtitle')} />
      {notice ? (
        <Box sx={{ px: 4, pt: 2 }}>
          <Alert severity="success" role="status">
            {notice}
          </Alert>
        </Box>
      ) : null}
      <LoginForm>
        <TextInput
          autoFocus
          source="email"
          type="email"
          label={translate('app.login.email')}
          autoComplete="username"
          variant="outlined"
          fullWidth
          validate={[required(), email(translate('app.login.invalid_email'))]}
        />
        <PasswordInput
          source="password"
          label={translate('ra.auth.password')}
          autoComplete="current-password"
          variant="outlined"
          fullWidth
          validate={required()}
        />
      </LoginForm>
      <Box sx={{ textAlign: 'center', mt: -2, pb: 2, px: 4 }}>
        <Button variant="outlined" fullWidth onClick={() => void signInWithPasskey()}>
          Clé d’accès (sans mot de passe)
        </Button>
      </Box>
      <Box sx={{ textAlign: 'center', pb: 4 }}>
        <Link to="/forgot-password" variant="body2">
          Mot de passe oublié ?
        </Link>
      </Box>
    </Login>
  );
}
