import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import BlockIcon from '@mui/icons-material/Block';
import { ADMIN_API_URL, httpClient } from '../dataProvider';
import { ReasonDialog } from '../layout/ReasonDialog';
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
  if (!record || record.status !== 'pending') return null;
  const refuse = async (reason: string) => {
    try {
      await decide(record.id, 'refuse', { reason });
    } catch (cause) {
      return cause instanceof Error ? cause.message : 'Une erreur est survenue';
    }
    notify('Demande refusée : le motif a été envoyé au demandeur.', { type: 'info' });
    setOpen(false);
    refresh();
  };
  return (
    <>
      <Button label="Refuser" onClick={() => setOpen(true)} color="error">
        <BlockIcon />
      </Button>
      <ReasonDialog
        open={open}
        title="Refuser la demande"
        label="Motif du refus (envoyé au demandeur)"
        confirmLabel="Refuser la demande"
        missing="Le motif du refus est obligatoire"
        onCancel={() => setOpen(false)}
        onConfirm={refuse}
      />
    </>
  );
}
