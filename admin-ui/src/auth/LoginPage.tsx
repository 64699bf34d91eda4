import { Login, LoginForm, PasswordInput, TextInput, email, required, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettingsOutlined';
import { sector } from '../sector';

/** `/admin/login`: react-admin's Login card with the sector's brand and an email field. */
export function LoginPage() {
  const translate = useTranslate();
  return (
    <Login
      avatarIcon={<AdminPanelSettings />}
      sx={{
        justifyContent: 'center',
        backgroundImage: `radial-gradient(circle at 20% 10%, ${sector.primaryColor} 0%, ${sector.primaryColorDark} 45%, #1c1414 100%)`,
        '& .RaLogin-card': {
          mt: 0,
          width: 400,
          maxWidth: 'calc(100vw - 32px)',
          borderRadius: 3,
          boxShadow: '0 24px 60px rgba(0,0,0,0.35)',
        },
        '& .RaLogin-avatar': { mt: 4, mb: 1 },
        '& .RaLogin-icon': { bgcolor: 'primary.main', width: 48, height: 48 },
        // react-admin fixes the form at 300px; let it fill the wider card.
        '& .RaLoginForm-content': { width: 'auto !important', px: 4, pb: '32px !important' },
        '& .RaLoginForm-button': { mt: 2, py: 1.25 },
      }}
    >
      <Box sx={{ textAlign: 'center', px: 4 }}>
        <Typography variant="overline" color="text.secondary" sx={{ letterSpacing: '0.12em' }}>
          {sector.productName}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {translate('app.login.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.login.subtitle')}
        </Typography>
      </Box>
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
    </Login>
  );
}
