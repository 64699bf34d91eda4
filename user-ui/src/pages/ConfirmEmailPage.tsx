import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { accountApi } from '../api/account';
import { SESSION_QUERY_KEY, useSession } from '../auth/session';
import { AuthLayout } from '../layout/AuthLayout';
import { RouterLink } from '../components/RouterLink';

export const INCOMPLETE_EMAIL_LINK_MESSAGE =
  'Ce lien de confirmation est incomplet. Utilisez le lien reçu par email ou refaites la demande depuis vos paramètres.';

/**
 * `/user/confirmer-email?token=`: the link mailed to a professional's new address. The change is made
 * by a click, not by opening the page, so that a mail scanner following links does not use it up.
 */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const queryClient = useQueryClient();
  const [state, setState] = useState<
    | { step: 'ask' }
    | { step: 'sending' }
    | { step: 'done'; message: string }
    | { step: 'error'; message: string }
  >({ step: 'ask' });
  const signedIn = Boolean(useSession().data);

  const confirm = async () => {
    setState({ step: 'sending' });
    try {
      const answer = await accountApi.confirmEmail(token);
      // The open session shows the new address at once.
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      setState({ step: 'done', message: answer.message });
    } catch (error) {
      setState({ step: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <AuthLayout title="Confirmer ma nouvelle adresse email">
      <Stack spacing={3}>
        {!token ? (
          <Alert severity="warning">{INCOMPLETE_EMAIL_LINK_MESSAGE}</Alert>
        ) : state.step === 'done' ? (
          <Alert severity="success">{state.message}</Alert>
        ) : (
          <>
            {state.step === 'error' ? <Alert severity="error">{state.message}</Alert> : null}
            <Button variant="contained" onClick={() => void confirm()} loading={state.step === 'sending'}>
              Confirmer ma nouvelle adresse
            </Button>
          </>
        )}
        <Button component={RouterLink} to={signedIn ? '/setting#compte' : '/connexion'}>
          {signedIn ? 'Retour à mes paramètres' : 'Se connecter'}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
