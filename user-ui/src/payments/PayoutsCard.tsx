import { useQuery } from '@tanstack/react-query';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { connectApi } from '../api/connect';
import { useUserId } from '../auth/useUserId';
import { QueryState } from '../components/QueryState';

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const date = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeZone: 'Europe/Paris' });

/** The provider's payout states, in the professional's words. */
export const PAYOUT_STATUS: Record<string, string> = {
  paid: 'versé',
  pending: 'en préparation',
  in_transit: 'en cours de virement',
  canceled: 'annulé',
  failed: 'échoué',
};

/** The virements of the connected account to the professional's bank, as the provider lists them. */
export function PayoutsCard() {
  const userId = useUserId();
  const query = useQuery({
    queryKey: ['payouts', userId],
    queryFn: ({ signal }) => connectApi.payouts(userId as string, signal),
    enabled: Boolean(userId),
  });
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          Virements
        </Typography>
        <QueryState isPending={query.isPending} error={query.error} onRetry={() => query.refetch()} rows={2}>
          {query.data && query.data.data.length === 0 ? (
            <Typography color="text.secondary">Aucun virement pour l’instant.</Typography>
          ) : query.data ? (
            <Table size="small" aria-label="Virements">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell align="right">Montant</TableCell>
                  <TableCell>Statut</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {query.data.data.map((payout) => (
                  <TableRow key={payout.id}>
                    <TableCell>{date.format(new Date(payout.arrivalDate))}</TableCell>
                    <TableCell align="right">{euros(payout.amountCents)}</TableCell>
                    <TableCell>{PAYOUT_STATUS[payout.status] ?? payout.status}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </QueryState>
      </CardContent>
    </Card>
  );
}
