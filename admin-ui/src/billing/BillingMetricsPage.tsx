import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { ADMIN_API_URL, httpClient } from '../dataProvider';
import { VisuallyHiddenTable } from '@rdv/ui';
import { euros } from './format';

/** GET /admin/billing/metrics (MetricPointDto): one point per month, the last 12 months. */
interface MetricPoint {
  month: string;
  mrr: number;
  active: number;
  churned: number;
  churnRate: number;
}

const monthLabel = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleDateString('fr-FR', { month: 'short', year: '2-digit' });
const percent = (value: number) => `${value.toLocaleString('fr-FR')} %`;
/** Axis ticks in whole euros ("1 200 €"): the cents of the figures would not fit the axis. */
const wholeEuros = (cents: number) => `${Math.round(cents / 100).toLocaleString('fr-FR')} €`;

function ChartCard({ title, label, children }: { title: string; label: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        <Box role="img" aria-label={label}>
          <Box aria-hidden>{children}</Box>
        </Box>
      </CardContent>
    </Card>
  );
}

/** `/admin/billing-metrics`: monthly recurring revenue (excluding VAT) and churn, the last 12 months. */
export function BillingMetricsPage() {
  const [points, setPoints] = useState<MetricPoint[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    httpClient(`${ADMIN_API_URL}/billing/metrics`)
      .then(({ json }) => !cancelled && setPoints(json as MetricPoint[]))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, []);
  const months = points?.map((p) => monthLabel(p.month)) ?? [];
  const last = points?.at(-1);
  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }}>
      <Title title="Revenus des abonnements" />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Revenus des abonnements
      </Typography>
      {failed ? (
        <Typography color="error" role="alert">
          Les chiffres des abonnements sont indisponibles pour le moment.
        </Typography>
      ) : !points || !last ? (
        <Typography>Chargement des chiffres…</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">
            Ce mois-ci : revenu mensuel récurrent {euros(last.mrr)} HT, {last.active} abonnement
            {last.active > 1 ? 's' : ''} actif{last.active > 1 ? 's' : ''}, {last.churned} résiliation
            {last.churned > 1 ? 's' : ''} ({percent(last.churnRate)}).
          </Typography>
          <ChartCard
            title="Revenu mensuel récurrent (HT)"
            label="Revenu mensuel récurrent hors taxes, 12 derniers mois"
          >
            <LineChart
              height={260}
              xAxis={[{ scaleType: 'point', data: months }]}
              yAxis={[{ min: 0, width: 72, valueFormatter: wholeEuros }]}
              series={[
                {
                  data: points.map((p) => p.mrr),
                  label: 'Revenu mensuel récurrent',
                  color: '#1e63b5',
                  curve: 'linear',
                  valueFormatter: (value) => (value === null ? '' : euros(value)),
                },
              ]}
              hideLegend
            />
          </ChartCard>
          <ChartCard title="Attrition (churn)" label="Taux d’attrition mensuel, 12 derniers mois">
            <BarChart
              height={220}
              xAxis={[{ scaleType: 'band', data: months }]}
              // A month without cancellations still shows a scale (0 to 5 %), not a flat axis.
              yAxis={[
                {
                  min: 0,
                  max: Math.max(5, ...points.map((p) => p.churnRate)),
                  valueFormatter: (value: number) => percent(value),
                },
              ]}
              series={[
                {
                  data: points.map((p) => p.churnRate),
                  label: 'Taux d’attrition',
                  color: '#c62828',
                  valueFormatter: (value) => (value === null ? '' : percent(value)),
                },
              ]}
              hideLegend
            />
          </ChartCard>
          <VisuallyHiddenTable
            caption="Abonnements par mois"
            head={[
              'Mois',
              'Revenu mensuel récurrent (HT)',
              'Abonnements actifs',
              'Résiliations',
              'Attrition',
            ]}
            rows={points.map((p) => [
              monthLabel(p.month),
              euros(p.mrr),
              p.active,
              p.churned,
              percent(p.churnRate),
            ])}
          />
        </Box>
      )}
    </Box>
  );
}
