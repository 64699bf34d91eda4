import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { FolderDetail } from '../api/folders';

const STATUS_LABELS: Record<string, string> = {
  pending: 'À valider',
  confirmed: 'Confirmé',
  refused: 'Refusé',
  cancelled: 'Annulé',
};

export const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(new Date(iso));

/** A client's appointments with the professional (folder dialog, attendee dialog). */
export function AppointmentHistory({ appointments }: { appointments: FolderDetail['appointments'] }) {
  if (appointments.length === 0)
    return <Typography color="text.secondary">Aucun rendez-vous avec ce client.</Typography>;
  return (
    <List dense>
      {appointments.map((appointment) => (
        <ListItem key={appointment.id} disableGutters>
          <ListItemText primary={dateTime(appointment.start)} secondary={appointment.title ?? undefined} />
          <Chip size="small" label={STATUS_LABELS[appointment.status] ?? appointment.status} />
        </ListItem>
      ))}
    </List>
  );
}
