import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { CallPeriod } from '../api/calls';
import { useUserId } from '../auth/useUserId';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { bucketLabel, callsCount, comparison, WINDOW_LABEL } from './callLabels';
import { useCallStats } from './useCallStats';
import { VisuallyHiddenTable } from '@rdv/ui';

const PERIODS: { value: CallPeriod; label: string }[] = [
  { value: 'day', label: 'Par jour' },
  { value: 'week', label: 'Par semaine' },
  { value: 'month', label: 'Par mois' },
];

/**
 * /user/appels: how many visitors revealed the phone number on the public profile, per day / week / month,
 * against the same length of time before. The chart is decorative for screen readers: the same figures
 * are in a table they read.
 */
export function CallsPage() {
  const userId = useUserId();
  const [period, setPeriod] = useState<CallPeriod>('day');
  const stats = useCallStats(userId, period);

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageHeader
        title="Appels"
        description="Chaque clic sur « Afficher le numéro » de votre page publique est compté (un par visiteur et par jour)."
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={period}
        onChange={(_event, value: CallPeriod | null) => value && setPeriod(value)}
        aria-label="Période"
        sx={{ mb: 2 }}
      >
        {PERIODS.map((p) => (
          <ToggleButton key={p.value} value={p.value}>
            {p.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <QueryState isPending={stats.isPending} error={stats.error} onRetry={() => stats.refetch()} rows={4}>
        {stats.data ? (
          <Card variant="outlined">
            <CardContent>
              <Typography component="p" variant="h5">
                {callsCount(stats.data.total)} {WINDOW_LABEL[stats.data.period].window}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {comparison(stats.data)}
              </Typography>
              <Box aria-hidden>
                <BarChart
                  height={280}
                  xAxis={[
                    {
                      scaleType: 'band',
                      data: stats.data.buckets.map((b) => bucketLabel(stats.data.period, b.start)),
                    },
                  ]}
                  yAxis={[{ tickMinStep: 1 }]}
                  series={[
                    { data: stats.data.buckets.map((b) => b.count), label: 'Appels', color: '#1e63b5' },
                  ]}
                  hideLegend
                />
              </Box>
              <VisuallyHiddenTable
                caption={`Appels ${WINDOW_LABEL[stats.data.period].window}`}
                head={['Période', 'Appels']}
                rows={stats.data.buckets.map((b) => [bucketLabel(stats.data.period, b.start), b.count])}
              />
            </CardContent>
          </Card>
        ) : null}
      </QueryState>
    </Box>
  );
}
