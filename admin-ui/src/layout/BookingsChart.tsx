import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

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

const WIDTH = 600;
const HEIGHT = 180;

function shortDate(day: string): string {
  const [, month, date] = day.split('-');
  return `${date}/${month}`;
}

/**
 * Bookings per day over 30 days: three lines (booked, validated, cancelled) in an SVG that scales
 * down to a phone's width, and the same figures in a table for screen readers.
 */
export function BookingsChart({ days }: { days: BookingDay[] }) {
  const max = Math.max(1, ...days.flatMap((d) => [d.created, d.validated, d.cancelled]));
  const x = (index: number) => (days.length <= 1 ? 0 : (index / (days.length - 1)) * WIDTH);
  const y = (value: number) => HEIGHT - (value / max) * (HEIGHT - 10);
  return (
    <Box>
      <Box
        component="svg"
        viewBox={`-4 0 ${WIDTH + 8} ${HEIGHT + 4}`}
        role="img"
        aria-label="Rendez-vous par jour sur 30 jours : réservés, validés, annulés"
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="#bbb" />
        {SERIES.map((series) => (
          <polyline
            key={series.key}
            fill="none"
            stroke={series.color}
            strokeWidth={2.5}
            points={days.map((d, i) => `${x(i)},${y(d[series.key])}`).join(' ')}
          />
        ))}
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
      <Box
        component="table"
        sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        <caption>Rendez-vous par jour</caption>
        <thead>
          <tr>
            <th scope="col">Jour</th>
            {SERIES.map((series) => (
              <th key={series.key} scope="col">
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{shortDate(d.day)}</th>
              <td>{d.created}</td>
              <td>{d.validated}</td>
              <td>{d.cancelled}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
