import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
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

/**
 * Read by screen readers, not shown: the chart's figures as a table, in a 1 px box that clips it. The box is a
 * div (a table grows to fit its cells whatever its width), and its sizes are in px: "width: 1" in `sx` means 100 %,
 * which made the page 1,687 px wide at 1,366.
 */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

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
              <Box sx={VISUALLY_HIDDEN}>
                <Table size="small">
                  <caption>Appels {WINDOW_LABEL[stats.data.period].window}</caption>
                  <TableHead>
                    <TableRow>
                      <TableCell>Période</TableCell>
                      <TableCell>Appels</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {stats.data.buckets.map((b) => (
                      <TableRow key={b.start}>
                        <TableCell>{bucketLabel(stats.data.period, b.start)}</TableCell>
                        <TableCell>{b.count}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </CardContent>
          </Card>
        ) : null}
      </QueryState>
    </Box>
  );
}
