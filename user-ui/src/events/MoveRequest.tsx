import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Appointment } from '../api/events';
import { formatRange } from '../dates';

/**
 * The client asked to move a confirmed appointment: the new time they chose. The appointment stays confirmed
 * at its time (and that slot stays blocked, as does the new one) until "Accepter" moves it or "Refuser" keeps it.
 */
export function MoveRequest({
  event,
  busy,
  onAccept,
  onRefuse,
}: {
  event: Appointment;
  busy: boolean;
  onAccept: () => void;
  onRefuse: () => void;
}) {
  if (!event.proposal || event.status !== 'confirmed') return null;
  const when = formatRange(event.proposal.start, event.proposal.end, event.timezone);
  return (
    <Box
      component="section"
      aria-label="Demande de déplacement du client"
      sx={{
        mt: 1.5,
        p: 1.5,
        bgcolor: 'action.hover',
        border: 1,
        borderColor: 'warning.light',
        borderRadius: 1,
      }}
    >
      <Typography variant="subtitle2" component="h4">
        Le client demande à déplacer ce rendez-vous
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Nouveau créneau demandé : {when}. Le rendez-vous reste confirmé à son horaire actuel tant que vous
        n’avez pas accepté ; les deux créneaux restent bloqués en attendant.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button size="small" variant="contained" disabled={busy} onClick={onAccept}>
          Accepter le nouveau créneau
        </Button>
        <Button size="small" variant="outlined" color="inherit" disabled={busy} onClick={onRefuse}>
          Refuser le déplacement
        </Button>
      </Stack>
    </Box>
  );
}
