import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { VisuallyHiddenTable } from '@rdv/ui';

export interface BookingDay {
  day: string;
  created: number;
  validated: number;
  cancelled: number;
}

const SERIES = [
  { key: 'created', label: 'Réservés', color: '#1e63b5' },
  { key: 'validated', label: 'Validés', color: '#2e7d32' },
  { key: 'cancelled', label: 'Annulés', color: '#c62828' },
] as const;

function shortDate(day: string): string {
  const [, month, date] = day.split('-');
  return `${date}/${month}`;
}

/**
 * Bookings per day over 30 days: three lines (booked, validated, cancelled) drawn by @mui/x-charts (the console's
 * one chart library, as in the professional's space), totals under it, and the same figures in a table for screen
 * readers (the drawing itself is hidden from them).
 */
export function BookingsChart({ days }: { days: BookingDay[] }) {
  const max = Math.max(1, ...days.flatMap((d) => [d.created, d.validated, d.cancelled]));
  return (
    <Box>
      <Box role="img" aria-label="Rendez-vous par jour sur 30 jours : réservés, validés, annulés">
        <Box aria-hidden>
          <LineChart
            height={220}
            xAxis={[{ scaleType: 'point', data: days.map((d) => shortDate(d.day)) }]}
            yAxis={[{ tickMinStep: 1, min: 0 }]}
            series={SERIES.map((series) => ({
              data: days.map((d) => d[series.key]),
              label: series.label,
              color: series.color,
              showMark: false,
              curve: 'linear',
            }))}
            hideLegend
          />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
        {SERIES.map((series) => (
          <Typography
            key={series.key}
            variant="body2"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
          >
            <Box
              component="span"
              sx={{ width: 14, height: 4, bgcolor: series.color, display: 'inline-block' }}
            />
            {series.label} : {days.reduce((sum, d) => sum + d[series.key], 0)}
          </Typography>
        ))}
        {days.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            du {shortDate(days[0].day)} au {shortDate(days[days.length - 1].day)} (max. {max} par jour)
          </Typography>
        )}
      </Box>
      <VisuallyHiddenTable
        caption="Rendez-vous par jour"
        head={['Jour', ...SERIES.map((series) => series.label)]}
        rows={days.map((d) => [shortDate(d.day), d.created, d.validated, d.cancelled])}
      />
    </Box>
  );
}
