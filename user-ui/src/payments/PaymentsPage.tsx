import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { paymentsApi, type Payment } from '../api/payments';
import { useUserId } from '../auth/useUserId';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { FeeNotesCard, FeeNoteSettingsCard } from './FeeNotesSection';
import { MonthFiguresCard } from './MonthFiguresCard';
import { PaymentAccountCard } from './PaymentAccountCard';
import { PayoutsCard } from './PayoutsCard';

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const day = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

type ChipColor = 'default' | 'success' | 'warning' | 'error' | 'info';
/** The payment states of the API, in the professional's words. */
export const PAYMENT_STATUS: Record<string, { label: string; color: ChipColor }> = {
  awaiting_payment: { label: 'en attente de paiement', color: 'default' },
  authorized: { label: 'autorisé', color: 'info' },
  captured: { label: 'encaissé', color: 'success' },
  refunded: { label: 'remboursé', color: 'warning' },
  partially_refunded: { label: 'partiellement remboursé', color: 'warning' },
  expired: { label: 'expiré', color: 'default' },
  legal_aid: { label: 'aide juridictionnelle', color: 'default' },
  failed: { label: 'échoué', color: 'error' },
};

/** The authorised cards still to be charged (when the professional validates the request). */
const awaitingCents = (payments: Payment[]) =>
  payments.filter((p) => p.status === 'authorized').reduce((sum, p) => sum + p.amountCents, 0);

/** `/user/paiements` ("Mes paiements"): each payment of a paid appointment, and the month's figures. */
export function PaymentsPage() {
  const userId = useUserId();
  const query = useQuery({
    queryKey: ['payments', userId],
    queryFn: ({ signal }) => paymentsApi.list(userId as string, signal),
    enabled: Boolean(userId),
  });
  const page = query.data;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader
        title="Mes paiements"
        description="Les paiements de vos motifs payés à la réservation : la carte est autorisée à la réservation et débitée quand vous validez le rendez-vous."
      />
      <Box sx={{ mb: 2 }}>
        <PaymentAccountCard />
      </Box>
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => query.refetch()} rows={4}>
        {page ? (
          <Stack spacing={2}>
            <MonthFiguresCard awaitingCents={awaitingCents(page.data)} />
            <PayoutsCard />
            {page.data.length === 0 ? (
              <Typography>Aucun paiement pour l’instant.</Typography>
            ) : (
              <TableContainer component={Card} variant="outlined">
                <Table size="small" aria-label="Paiements">
                  <TableHead>
                    <TableRow>
                      <TableCell>Rendez-vous</TableCell>
                      <TableCell>Client</TableCell>
                      <TableCell>Motif</TableCell>
                      <TableCell align="right">Montant</TableCell>
                      <TableCell>Statut</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {page.data.map((p) => {
                      const status = PAYMENT_STATUS[p.status] ?? {
                        label: p.status,
                        color: 'default' as const,
                      };
                      return (
                        <TableRow key={p.appointmentId}>
                          <TableCell>{day.format(new Date(p.start))}</TableCell>
                          <TableCell>{p.client ?? '—'}</TableCell>
                          <TableCell>{p.title ?? '—'}</TableCell>
                          <TableCell align="right">
                            {euros(p.amountCents)}
                            {p.refundedCents > 0 && p.refundedCents < p.amountCents && (
                              <Typography
                                component="span"
                                sx={{ display: 'block' }}
                                variant="body2"
                                color="text.secondary"
                              >
                                dont {euros(p.refundedCents)} remboursés
                              </Typography>
                            )}
                          </TableCell>
                          <TableCell>
                            <Chip size="small" label={status.label} color={status.color} />
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            <FeeNotesCard userId={userId as string} />
            <FeeNoteSettingsCard userId={userId as string} />
          </Stack>
        ) : null}
      </QueryState>
    </Box>
  );
}
