import { useState } from 'react';
import { useLogin, useNotify } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { pendingSecondFactor, type PendingSignIn } from './secondFactor';

/** Second step of the console's sign-in: a code of the app, a recovery code, or a passkey. */
export function SecondFactorStep({ pending }: { pending: PendingSignIn }) {
  const login = useLogin();
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const attempt = async (params: Record<string, unknown>) => {
    setBusy(true);
    try {
      await login({ pendingToken: pending.pendingToken, ...params });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.auth.sign_in_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      sx={{ px: 4, pb: 4, pt: 2 }}
      aria-label="Second facteur"
      onSubmit={(event) => {
        event.preventDefault();
        void attempt({ code });
      }}
    >
      <Stack spacing={2}>
        <Typography variant="body2">
          Saisissez le code de votre application d’authentification ou un code de secours.
        </Typography>
        <TextField
          autoFocus
          label="Code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          slotProps={{ htmlInput: { autoComplete: 'one-time-code' } }}
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
          Valider
        </Button>
        {pending.methods.includes('passkey') ? (
          <Button variant="outlined" disabled={busy} onClick={() => void attempt({ passkey: true })}>
            Utiliser une clé d’accès
          </Button>
        ) : null}
        <Button size="small" onClick={() => pendingSecondFactor.set(null)}>
          Recommencer la connexion
        </Button>
      </Stack>
    </Box>
  );
}
