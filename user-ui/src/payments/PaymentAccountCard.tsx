import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { connectApi } from '../api/connect';
import { useUserId } from '../auth/useUserId';
import { QueryState } from '../components/QueryState';

const percent = (value: number) =>
  `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(value)} %`;

/** Sends the professional to the provider's hosted onboarding (opens the connected account first if needed). */
export function useStartOnboarding(userId: string | undefined) {
  return useMutation({
    mutationFn: () => connectApi.startOnboarding(userId as string),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/**
 * The connected account that receives the clients' payments: the platform's commission is stated before the
 * professional enables payments; back from the hosted onboarding (`?compte=retour`) its state is read again.
 */
export function PaymentAccountCard() {
  const userId = useUserId();
  const client = useQueryClient();
  const [returned] = useState(() => new URLSearchParams(window.location.search).get('compte'));
  const query = useQuery({
    queryKey: ['payment-account', userId],
    queryFn: ({ signal }) => connectApi.account(userId as string, signal),
    enabled: Boolean(userId),
  });
  const start = useStartOnboarding(userId);
  const refresh = useMutation({
    mutationFn: () => connectApi.refresh(userId as string),
    onSuccess: (account) => client.setQueryData(['payment-account', userId], account),
  });
  const { mutate: refreshNow } = refresh;
  useEffect(() => {
    if (userId && returned === 'retour') refreshNow();
  }, [userId, returned, refreshNow]);
  const account = query.data;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          Encaissement en ligne
        </Typography>
        <QueryState isPending={query.isPending} error={query.error} onRetry={() => query.refetch()} rows={2}>
          {account ? (
            <>
              <Typography gutterBottom>
                Commission de la plateforme : {percent(account.commissionPercent)}
              </Typography>
              {account.chargesEnabled ? (
                <Alert severity="success">
                  Votre compte de paiement est actif : vos clients peuvent payer en ligne et les sommes vous
                  sont versées{' '}
                  {account.payoutsEnabled ? 'par virement' : 'dès que le compte bancaire sera vérifié'}.
                </Alert>
              ) : (
                <>
                  <Typography color="text.secondary" gutterBottom>
                    Pour proposer des motifs payés à la réservation, ouvrez votre compte de paiement chez
                    notre prestataire (Stripe) : les paiements de vos clients y arrivent, la commission
                    ci-dessus est retenue sur chacun, le reste vous est versé par virement.
                  </Typography>
                  {returned === 'retour' && !refresh.isPending && (
                    <Alert severity="info" sx={{ mb: 1 }}>
                      Votre inscription n’est pas encore terminée chez le prestataire.
                    </Alert>
                  )}
                  <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
                    {account.opened ? 'Reprendre l’ouverture du compte' : 'Activer l’encaissement en ligne'}
                  </Button>
                  {start.error && (
                    <Alert severity="error" sx={{ mt: 1 }}>
                      {start.error.message}
                    </Alert>
                  )}
                </>
              )}
            </>
          ) : null}
        </QueryState>
      </CardContent>
    </Card>
  );
}
