import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { HolidayCountry } from '../../api/availability';
import { QueryState } from '../../components/QueryState';
import { formatLocalDate, formatMonth } from '../../dates';
import { Section } from './PeriodParts';
import { usePublicHolidays } from './usePublicHolidays';

const COUNTRY_LABELS: Record<HolidayCountry, string> = { FR: 'France', BE: 'Belgique', CH: 'Suisse' };

/** Public holidays: closed by default, worked month by month, from the country's calendar. */
export function PublicHolidaysSection({
  userId,
  holidayCountry,
  onNotice,
}: {
  userId: string;
  holidayCountry: HolidayCountry | null;
  onNotice: (text: string) => void;
}) {
  const { year, setYear, data, setWorked, country, months, worked } = usePublicHolidays(userId, onNotice);

  return (
    <Section
      title="Jours fériés"
      text="Fermés par défaut. Choisissez, mois par mois, ceux où vous travaillez : vos horaires habituels s’appliquent alors ces jours-là."
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <IconButton
            aria-label="Année précédente"
            onClick={() => setYear((y) => y - 1)}
            disabled={year <= 2000}
          >
            <ChevronLeft />
          </IconButton>
          <Typography sx={{ fontWeight: 600, minWidth: 48, textAlign: 'center' }} aria-live="polite">
            {year}
          </Typography>
          <IconButton
            aria-label="Année suivante"
            onClick={() => setYear((y) => y + 1)}
            disabled={year >= 2100}
          >
            <ChevronRight />
          </IconButton>
        </Stack>
        <TextField
          select
          size="small"
          label="Calendrier des jours fériés"
          value={holidayCountry ?? ''}
          onChange={(e) => country.mutate((e.target.value || null) as HolidayCountry | null)}
          sx={{ width: { sm: 320 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">
            Pays de mon compte{data.data ? ` (${COUNTRY_LABELS[data.data.country]})` : ''}
          </MenuItem>
          {(Object.keys(COUNTRY_LABELS) as HolidayCountry[]).map((code) => (
            <MenuItem key={code} value={code}>
              {COUNTRY_LABELS[code]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {setWorked.error || country.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(setWorked.error ?? country.error)?.message}
        </Alert>
      ) : null}
      <QueryState isPending={data.isPending} error={data.error} onRetry={() => data.refetch()} rows={4}>
        <Box
          component="ul"
          sx={{ m: 0, p: 0, listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2 }}
        >
          {[...months.entries()].map(([month, days], index) => {
            const isWorked = worked.has(month);
            return (
              <Box
                component="li"
                key={month}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 2,
                  px: 2,
                  py: 1.25,
                  borderTop: index ? 1 : 0,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: 1 }}>
                  <Typography sx={{ fontWeight: 600, '&::first-letter': { textTransform: 'uppercase' } }}>
                    {formatMonth(month)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {days
                      .map(
                        (d) => `${d.name} (${formatLocalDate(d.date, { weekday: 'long', day: 'numeric' })})`,
                      )
                      .join(', ')}
                  </Typography>
                </Box>
                <Chip
                  size="small"
                  label={isWorked ? 'Travaillé' : 'Fermé'}
                  color={isWorked ? 'success' : 'default'}
                  variant="outlined"
                />
                <Switch
                  checked={isWorked}
                  disabled={setWorked.isPending}
                  onChange={(e) => setWorked.mutate({ month, worked: e.target.checked })}
                  slotProps={{
                    input: { 'aria-label': `Travailler les jours fériés de ${formatMonth(month)}` },
                  }}
                />
              </Box>
            );
          })}
        </Box>
      </QueryState>
    </Section>
  );
}
