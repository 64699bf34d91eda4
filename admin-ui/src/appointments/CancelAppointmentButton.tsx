import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MuiButton from '@mui/material/Button';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { ADMIN_API_URL, httpClient } from '../dataProvider';
import type { AppointmentRecord } from './AppointmentRecord';

/** POST /admin/appointments/{id}/cancel: on behalf of the client or the professional; both are mailed. */
export function CancelAppointmentButton() {
  const record = useRecordContext<AppointmentRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [side, setSide] = useState<'attendee' | 'user'>('attendee');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || (record.status !== 'pending' && record.status !== 'confirmed')) return null;
  const cancel = async () => {
    setBusy(true);
    try {
      await httpClient(`${ADMIN_API_URL}/appointments/${encodeURIComponent(record.id)}/cancel`, {
        method: 'POST',
        body: JSON.stringify({ on_behalf_of: side, reason: reason.trim() || null }),
      });
      notify('Rendez-vous annulé : le client et le professionnel sont prévenus par email.', { type: 'info' });
      setOpen(false);
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="Annuler le rendez-vous" onClick={() => setOpen(true)} color="error">
        <EventBusyIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth aria-labelledby="cancel-title">
        <DialogTitle id="cancel-title">Annuler le rendez-vous</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Le client et le professionnel recevront un email d’annulation.
          </DialogContentText>
          <RadioGroup
            aria-label="À la demande de"
            value={side}
            onChange={(event) => setSide(event.target.value as 'attendee' | 'user')}
          >
            <FormControlLabel value="attendee" control={<Radio />} label="À la demande du client" />
            <FormControlLabel value="user" control={<Radio />} label="À la demande du professionnel" />
          </RadioGroup>
          <TextField
            label="Motif (facultatif, transmis dans l’email)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Fermer</MuiButton>
          <MuiButton onClick={() => void cancel()} color="error" variant="contained" disabled={busy}>
            Confirmer l’annulation
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
