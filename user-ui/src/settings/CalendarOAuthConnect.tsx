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

/** The OAuth providers this server offers (the others: its administrator has not configured them). */
export function useOAuthProviders(userId: string) {
  return useQuery({
    queryKey: ['calendar-oauth-providers', userId],
    queryFn: ({ signal }) => calendarSyncApi.oauthProviders(userId, signal),
  });
}

const ALL_OAUTH: OAuthProviderSlug[] = ['google', 'outlook', 'office365'];

/** "Google Agenda, Outlook.com et Office 365" */
const frenchList = (labels: string[]) =>
  labels.length <= 1
    ? (labels[0] ?? '')
    : `${labels.slice(0, -1).join(', ')} et ${labels[labels.length - 1]}`;

/**
 * "Connecter Google Agenda"…: one button per provider this server offers; the providers it does not offer
 * are named in one sentence, so a lawyer knows they exist and whom to ask.
 */
export function OAuthConnectButtons({ userId }: { userId: string }) {
  const providers = useOAuthProviders(userId);
  const { start, pending, formError } = useStartOAuth(userId);
  if (!providers.data) return null;
  const offered = providers.data.providers;
  const missing = ALL_OAUTH.filter((p) => !offered.includes(p)).map((p) => OAUTH_LABELS[p]);
  return (
    <Stack spacing={1.5} component="section" aria-label="Connecter un agenda en ligne">
      <Typography sx={{ fontWeight: 600 }}>Connecter un agenda en ligne</Typography>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      {offered.length > 0 ? (
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
      ) : null}
      {offered.includes('outlook') || offered.includes('office365') ? (
        <Typography variant="body2" color="text.secondary">
          Outlook.com : compte Microsoft personnel (outlook.fr, hotmail.fr, live.fr). Office 365 : compte
          professionnel Microsoft 365 de votre cabinet.
        </Typography>
      ) : null}
      {missing.length > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {missing.length === 1
            ? `${missing[0]} : l’administrateur du site n’a pas activé cette connexion.`
            : `${frenchList(missing)} : l’administrateur du site n’a pas activé ces connexions.`}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** What the page says after a successful OAuth return (the connected account is listed in the card). */
const OAUTH_CONNECTED_MESSAGE = 'Compte connecté. Choisissez les calendriers à synchroniser.';
const OAUTH_FAILED_MESSAGE = 'La connexion du calendrier a échoué. Veuillez réessayer.';

/**
 * The refusals the OAuth callback may name (calendar-sync's oauth-flow.ts and calendar-oauth.service.ts).
 * Anyone can send a professional a link to /user/setting with any `message`: only these texts are shown,
 * anything else reads as the generic failure, never as attacker-chosen words in the site's own alert.
 */
const KNOWN_OAUTH_ERRORS = new Set([
  OAUTH_FAILED_MESSAGE,
  'La connexion du calendrier a échoué : la réponse du fournisseur est invalide. Veuillez réessayer.',
  'La connexion du calendrier a expiré (plus de 10 minutes). Veuillez recommencer.',
  'La connexion du calendrier a été commencée depuis une autre session. Veuillez recommencer depuis cette page.',
  "Vous avez refusé l'accès à votre calendrier : aucun compte n'a été connecté.",
]);

/** The message shown for the OAuth callback's outcome (?calendrier=connecte|erreur&message=…). */
function oauthReturnMessage(outcome: string | null, message: string | null) {
  if (outcome === 'connecte') return { ok: true, message: OAUTH_CONNECTED_MESSAGE };
  if (outcome === 'erreur')
    return {
      ok: false,
      message: message && KNOWN_OAUTH_ERRORS.has(message) ? message : OAUTH_FAILED_MESSAGE,
    };
  return null;
}

/** The message the OAuth callback left in the address, among known texts only. */
export function OAuthReturnMessage() {
  const [params, setParams] = useSearchParams();
  const [shown] = useState(() => oauthReturnMessage(params.get('calendrier'), params.get('message')));
  useEffect(() => {
    if (!params.has('calendrier')) return;
    const next = new URLSearchParams(params);
    next.delete('calendrier');
    next.delete('message');
    next.delete('connexion');
    setParams(next, { replace: true });
  }, [params, setParams]);
  if (!shown) return null;
  return (
    <Box role="status">
      <Alert severity={shown.ok ? 'success' : 'error'}>{shown.message}</Alert>
    </Box>
  );
}
