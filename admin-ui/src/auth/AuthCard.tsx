import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettingsOutlined';
import { sector } from '../sector';
import { useConsoleDocumentTitle } from '../layout/DocumentTitle';

/**
 * The look of the signed-out pages (login, forgotten password, new password): the sector's gradient and
 * a centred card. It styles react-admin's `<Login>` class names, which `AuthCard` reuses.
 */
export const authPageSx = {
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
} satisfies SxProps<Theme>;

export const authAvatarIcon = <AdminPanelSettings />;

/** The product name, the page's one h1 and an optional line of explanation. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', px: 4 }}>
      <Typography variant="overline" color="text.secondary" sx={{ letterSpacing: '0.12em' }}>
        {sector.productName}
      </Typography>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {subtitle ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {subtitle}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The card of the login page for the other signed-out pages. Unlike react-admin's `<Login>` it does not
 * send a signed-in administrator to the dashboard: a reset link stays usable from any browser.
 */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  useConsoleDocumentTitle(title);
  return (
    <Box
      component="main"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        minHeight: '100vh',
        backgroundRepeat: 'no-repeat',
        backgroundSize: 'cover',
        ...authPageSx,
      }}
    >
      <Card className="RaLogin-card" sx={{ minWidth: 300 }}>
        <Box className="RaLogin-avatar" sx={{ display: 'flex', justifyContent: 'center' }}>
          <Avatar className="RaLogin-icon">{authAvatarIcon}</Avatar>
        </Box>
        <AuthHeading title={title} subtitle={subtitle} />
        <Box sx={{ px: 4, pt: 3, pb: 4 }}>{children}</Box>
      </Card>
    </Box>
  );
}

/**
 * The form's error, in a live region that is always in the page, so that screen readers announce the
 * message as soon as it appears.
 */
export function FormError({ message, children }: { message: string | null; children?: ReactNode }) {
  return (
    <Box role="alert" aria-live="assertive" aria-atomic="true">
      {message ? (
        <Alert severity="error" role="none" sx={{ mb: 1 }}>
          {message}
          {children}
        </Alert>
      ) : null}
    </Box>
  );
}
