import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { calendarSyncApi, type CalendarConnection } from '../api/calendar-sync';
import { useFormError } from '../components/useFormError';

/** Exchange Online closes EWS (blocked from October 2026, removed in April 2027): Microsoft 365 users go to Office 365. */
export function ExchangeOnlineNotice({ office365Offered }: { office365Offered: boolean }) {
  return (
    <Alert severity="info">
      Pour un serveur Exchange installé dans votre cabinet. Si votre messagerie est sur Microsoft 365
      (Exchange Online), Microsoft y ferme l’accès EWS (bloqué à partir d’octobre 2026, supprimé en avril
      2027) :{' '}
      {office365Offered
        ? 'utilisez plutôt le bouton « Connecter Office 365 » ci-dessus.'
        : 'la connexion Office 365 est faite pour elle, mais l’administrateur du site ne l’a pas activée.'}
    </Alert>
  );
}

/** Client-side check of the Exchange address before sending (the server checks it again, and the login). */
export function exchangeAddressError(serverUrl: string | undefined): string | null {
  return /^https?:\/\/\S+$/.test(serverUrl?.trim() ?? '')
    ? null
    : 'Indiquez l’adresse du serveur Exchange (https://…/EWS/Exchange.asmx)';
}

/**
 * A broken Exchange connection (password changed): the new password, checked by the server, repairs it
 * (connecting the same account again keeps its calendars and choices).
 */
export function ExchangeReconnect({
  userId,
  connection,
  onReconnected,
}: {
  userId: string;
  connection: CalendarConnection;
  onReconnected: () => void;
}) {
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const { formError, attempt } = useFormError();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setPending(true);
    void attempt(async () => {
      await calendarSyncApi.connectExchange(userId, {
        serverUrl: connection.serverUrl ?? '',
        username: connection.accountLabel,
        password,
      });
      setPassword('');
      onReconnected();
    }).finally(() => setPending(false));
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Reconnecter le compte Exchange">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Nouveau mot de passe Exchange"
          type="password"
          size="small"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
        />
        <Button type="submit" variant="contained" loading={pending} disabled={!password}>
          Reconnecter ce compte
        </Button>
      </Stack>
      {formError ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {formError}
        </Alert>
      ) : null}
    </Box>
  );
}
