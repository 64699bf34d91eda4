import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { eventsApi } from '../api/events';
import { QueryState } from '../components/QueryState';
import { RouterLink } from '../components/RouterLink';
import { AppointmentHistory } from '../folders/AppointmentHistory';

/** The attendee dialog of /user/events: the client's contact, history with you and folder link. */
export function AttendeeDialog({
  appointmentId,
  onClose,
  onOpenFolder,
}: {
  appointmentId: string;
  onClose: () => void;
  onOpenFolder: () => void;
}) {
  const titleId = useId();
  const client = useQuery({
    queryKey: ['event-client', appointmentId],
    queryFn: ({ signal }) => eventsApi.client(appointmentId, signal),
  });
  const data = client.data;
  const name = data
    ? [data.client.first_name, data.client.last_name].filter(Boolean).join(' ') || data.client.email
    : 'Client';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{name}</DialogTitle>
      <DialogContent dividers>
        <QueryState isPending={client.isPending} error={client.error} onRetry={() => void client.refetch()}>
          {data ? (
            <>
              <Typography>{data.client.email}</Typography>
              {data.phone ? <Typography>{data.phone}</Typography> : null}
              <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
                Historique avec vous
              </Typography>
              <AppointmentHistory appointments={data.appointments} />
              {data.folder ? (
                <Button component={RouterLink} to={`/dossiers-client?dossier=${data.folder.id}`}>
                  Voir le dossier « {data.folder.title} »
                </Button>
              ) : (
                <Button onClick={onOpenFolder}>Ouvrir un dossier</Button>
              )}
            </>
          ) : null}
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fermer</Button>
      </DialogActions>
    </Dialog>
  );
}
