import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { connectApi } from '../api/connect';
import { useUserId } from '../auth/useUserId';
import { QueryState } from '../components/QueryState';

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/**
 * The month's figures, all from the API in French months (a payment at 00:30 on the 1st counts in the new
 * month wherever the browser is); the authorised cards still to charge come from the list.
 */
export function MonthFiguresCard({ awaitingCents }: { awaitingCents: number }) {
  const userId = useUserId();
  const query = useQuery({
    queryKey: ['payment-figures', userId],
    queryFn: ({ signal }) => connectApi.figures(userId as string, signal),
    enabled: Boolean(userId),
  });
  const f = query.data;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          Ce mois-ci
        </Typography>
        <QueryState isPending={query.isPending} error={query.error} onRetry={() => query.refetch()} rows={1}>
          {f ? (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={4}
              component="dl"
              sx={{ m: 0, flexWrap: 'wrap', rowGap: 2 }}
            >
              {[
                ['Paiements encaissés', euros(f.paymentsCents)],
                ['Remboursé', euros(f.refundsCents)],
                ['Commission de la plateforme', euros(f.commissionCents)],
                ['Net', euros(f.netCents)],
                ['Autorisé, à encaisser à la validation', euros(awaitingCents)],
              ].map(([label, value]) => (
                <Box key={label}>
                  <Typography component="dt" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" variant="h5" sx={{ m: 0 }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Stack>
          ) : null}
        </QueryState>
      </CardContent>
    </Card>
  );
}
