import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import BlockIcon from '@mui/icons-material/Block';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { ADMIN_API_URL, httpClient } from '../dataProvider';
import type { RegistrationRequestRecord } from './RegistrationRequestRecord';

async function decide(id: string, action: 'accept' | 'refuse', body?: object) {
  await httpClient(`${ADMIN_API_URL}/registration-requests/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** POST …/accept: creates the pending professional and mails the sign-up invitation. */
export function AcceptButton() {
  const record = useRecordContext<RegistrationRequestRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'pending') return null;
  const accept = async () => {
    setBusy(true);
    try {
      await decide(record.id, 'accept');
      notify(`Demande acceptée : l’invitation a été envoyée à ${record.email}.`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="Accepter" onClick={() => void accept()} disabled={busy}>
      <CheckIcon />
    </Button>
  );
}

/** POST …/refuse with a reason (mailed to the applicant). */
export function RefuseButton() {
  const record = useRecordContext<RegistrationRequestRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'pending') return null;
  const refuse = async () => {
    if (reason.trim().length < 3) {
      setError('Le motif du refus est obligatoire');
      return;
    }
    setBusy(true);
    try {
      await decide(record.id, 'refuse', { reason: reason.trim() });
      notify('Demande refusée : le motif a été envoyé au demandeur.', { type: 'info' });
      setOpen(false);
      refresh();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'Une erreur est survenue');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="Refuser" onClick={() => setOpen(true)} color="error">
        <BlockIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth aria-labelledby="refuse-title">
        <DialogTitle id="refuse-title">Refuser la demande</DialogTitle>
        <DialogContent>
          <TextField
            label="Motif du refus (envoyé au demandeur)"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Annuler</MuiButton>
          <MuiButton onClick={() => void refuse()} color="error" variant="contained" disabled={busy}>
            Refuser la demande
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
