import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { calendarSyncApi, type CalendarProvider, type OAuthProviderSlug } from '../api/calendar-sync';
import { useFormError } from '../components/useFormError';

const OAUTH_LABELS: Record<OAuthProviderSlug, string> = {
  google: 'Google Agenda',
  outlook: 'Outlook.com',
  office365: 'Office 365',
};

/** The OAuth provider of a stored connection, to reconnect it; null for password accounts. */
export const oauthSlugOf = (provider: CalendarProvider): OAuthProviderSlug | null =>
  provider === 'google'
    ? 'google'
    : provider === 'live'
      ? 'outlook'
      : provider === 'office365'
        ? 'office365'
        : null;

/** Sends the browser to the provider's consent page; it comes back to /user/setting with a message. */
export function useStartOAuth(userId: string) {
  const { formError, attempt } = useFormError();
  const [pending, setPending] = useState<OAuthProviderSlug | null>(null);
  const start = (provider: OAuthProviderSlug) =>
    attempt(async () => {
      setPending(provider);
      try {
        const { authorizationUrl } = await calendarSyncApi.startOAuth(userId, provider);
        window.location.assign(authorizationUrl);
      } finally {
        setPending(null);
      }
    });
  return { start, pending, formError };
}

/** "Connecter Google Agenda"…: one button per provider this server offers. */
export function OAuthConnectButtons({ userId }: { userId: string }) {
  const providers = useQuery({
    queryKey: ['calendar-oauth-providers', userId],
    queryFn: ({ signal }) => calendarSyncApi.oauthProviders(userId, signal),
  });
  const { start, pending, formError } = useStartOAuth(userId);
  const offered = providers.data?.providers ?? [];
  if (offered.length === 0) return null;
  return (
    <Stack spacing={1.5} component="section" aria-label="Connecter un agenda en ligne">
      <Typography sx={{ fontWeight: 600 }}>Connecter un agenda en ligne</Typography>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {offered.map((provider) => (
          <Button
            key={provider}
            variant="outlined"
            loading={pending === provider}
            onClick={() => void start(provider)}
          >
            Connecter {OAUTH_LABELS[provider]}
          </Button>
        ))}
      </Stack>
      {offered.includes('outlook') || offered.includes('office365') ? (
        <Typography variant="body2" color="text.secondary">
          Outlook.com : compte Microsoft personnel (outlook.fr, hotmail.fr, live.fr). Office 365 : compte
          professionnel Microsoft 365 de votre cabinet.
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The message the OAuth callback left in the address (?calendrier=connecte|erreur&message=…). */
export function OAuthReturnMessage() {
  const [params, setParams] = useSearchParams();
  const [shown] = useState(() => {
    const outcome = params.get('calendrier');
    const message = params.get('message');
    return outcome && message ? { ok: outcome === 'connecte', message } : null;
  });
  useEffect(() => {
    if (!params.has('calendrier')) return;
    const next = new URLSearchParams(params);
    next.delete('calendrier');
    next.delete('message');
    setParams(next, { replace: true });
  }, [params, setParams]);
  if (!shown) return null;
  return (
    <Box role="status">
      <Alert severity={shown.ok ? 'success' : 'error'}>{shown.message}</Alert>
    </Box>
  );
}
