import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRedirect, useRefresh } from 'react-admin';
import BlockIcon from '@mui/icons-material/Block';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import { ADMIN_API_URL, httpClient } from '../dataProvider';
import type { ClientRecord } from './ClientList';

function useAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      notify(await work(), { type: 'info' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

const url = (id: string, tail = '') => `${ADMIN_API_URL}/clients/${encodeURIComponent(id)}${tail}`;

/** Deactivate (sign-in refused, sessions ended) / reactivate. */
export function ToggleClientButton() {
  const record = useRecordContext<ClientRecord>();
  const { busy, run } = useAction();
  if (!record) return null;
  const next = !record.isActive;
  return (
    <Button
      label={next ? 'Réactiver' : 'Désactiver'}
      disabled={busy}
      onClick={() =>
        void run(async () => {
          await httpClient(url(record.id), { method: 'PUT', body: JSON.stringify({ isActive: next }) });
          return next ? 'Compte réactivé.' : 'Compte désactivé : le client ne peut plus se connecter.';
        })
      }
    >
      {next ? <LockOpenIcon /> : <BlockIcon />}
    </Button>
  );
}

/** GDPR export: downloads every row about the client as JSON (the same file the client gets from their space). */
export function ExportClientButton() {
  const record = useRecordContext<ClientRecord>();
  const { busy, run } = useAction();
  if (!record) return null;
  return (
    <Button
      label="Exporter les données (RGPD)"
      disabled={busy}
      onClick={() =>
        void run(async () => {
          const { body } = await httpClient(url(record.id, '/export'));
          const link = document.createElement('a');
          link.href = URL.createObjectURL(new Blob([body], { type: 'application/json' }));
          link.download = `client-${record.id}.json`;
          link.click();
          URL.revokeObjectURL(link.href);
          return 'Export téléchargé.';
        })
      }
    >
      <DownloadIcon />
    </Button>
  );
}

/** GDPR erasure on request, after a confirmation. */
export function EraseClientButton() {
  const record = useRecordContext<ClientRecord>();
  const notify = useNotify();
  const redirect = useRedirect();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const erase = async () => {
    setBusy(true);
    try {
      await httpClient(url(record.id, '/erase'), { method: 'POST' });
      setOpen(false);
      notify('Données du client effacées : le compte n’existe plus.', { type: 'info' });
      // the record is gone: back to the list rather than a page that would answer 404
      redirect('list', 'clients');
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="Effacer (RGPD)" color="error" onClick={() => setOpen(true)}>
        <DeleteForeverIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="erase-title">
        <DialogTitle id="erase-title">Effacer les données du client</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Le compte, ses documents, dossiers et messages seront supprimés définitivement, comme lorsqu’un
            client supprime lui-même son compte ; il reçoit un email de confirmation. Les rendez-vous restent
            dans l’historique des professionnels, sans rien qui nomme la personne.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Annuler</MuiButton>
          <MuiButton color="error" variant="contained" disabled={busy} onClick={() => void erase()}>
            Effacer définitivement
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
