import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { eventsApi, type Appointment } from '../api/events';

const format = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(iso));

/**
 * The availabilities the client proposed (/events-responses/{id}), under a pending appointment;
 * "Accepter" moves the appointment to the proposed start and validates it, in one click.
 */
export function ProposedAvailabilities({
  event,
  onAccept,
  busy,
}: {
  event: Appointment;
  onAccept: (start: string) => void;
  busy: boolean;
}) {
  const responses = useQuery({
    queryKey: ['event-responses', event._id],
    queryFn: ({ signal }) => eventsApi.responses(event._id, signal),
  });
  const latest = responses.data?.[0];
  if (!latest) return null;
  return (
    <Box
      sx={{ mt: 1.5, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
      component="section"
      aria-label="Disponibilités proposées par le client"
    >
      <Typography variant="subtitle2" component="h4">
        Disponibilités proposées par le client
      </Typography>
      {latest.message ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 1 }}>
          « {latest.message} »
        </Typography>
      ) : null}
      <Stack spacing={1}>
        {latest.availabilities.map((range) => (
          <Stack
            key={range.start}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Typography variant="body2">
              À partir du {format(range.start, event.timezone)} (jusqu’à {format(range.end, event.timezone)})
            </Typography>
            <Button
              size="small"
              variant="contained"
              disabled={busy}
              onClick={() => onAccept(range.start)}
              aria-label={`Accepter le ${format(range.start, event.timezone)}`}
            >
              Accepter
            </Button>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
