import { theOffice } from '@rdv/sectors';
import { sector } from '../sector';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { foldersApi, type FolderDetail } from '../api/folders';
import { UploadProgress } from '@rdv/ui';
import { QueryState } from '../components/QueryState';
import { AppointmentHistory, dateTime } from './AppointmentHistory';
import { FolderFields, type FolderFieldValues } from './FolderFields';

/** The folder dialog: title, reference, notes (the office only), appointments, documents and the exchange. */
export function FolderDialog({ folderId, onClose }: { folderId: string; onClose: () => void }) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const folder = useQuery({
    queryKey: ['folder', folderId],
    queryFn: ({ signal }) => foldersApi.get(folderId, signal),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['folder', folderId] });
    void queryClient.invalidateQueries({ queryKey: ['folders'] });
  };
  // Opening the folder reads the client's messages.
  const unread = folder.data?.unread_count ?? 0;
  useEffect(() => {
    if (unread > 0) void foldersApi.markRead(folderId).then(refresh);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [folderId, unread]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{folder.data?.title ?? 'Dossier client'}</DialogTitle>
      <DialogContent dividers>
        <QueryState isPending={folder.isPending} error={folder.error} onRetry={() => void folder.refetch()}>
          {folder.data ? <FolderContent folder={folder.data} onChanged={refresh} /> : null}
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fermer</Button>
      </DialogActions>
    </Dialog>
  );
}

function FolderContent({ folder, onChanged }: { folder: FolderDetail; onChanged: () => void }) {
  const [fields, setFields] = useState<FolderFieldValues>({
    title: folder.title,
    reference: folder.reference ?? '',
    notes: folder.notes ?? '',
  });
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const client =
    [folder.client.first_name, folder.client.last_name].filter(Boolean).join(' ') || folder.client.email;

  const save = useMutation({
    mutationFn: () =>
      foldersApi.update(folder.id, {
        title: fields.title,
        reference: fields.reference || null,
        notes: fields.notes || null,
      }),
    onSuccess: () => {
      setSaved(true);
      setError(null);
      onChanged();
    },
    onError: (e: Error) => setError(e.message),
  });
  const archive = useMutation({
    mutationFn: () => foldersApi.update(folder.id, { archived: !folder.archived }),
    onSuccess: onChanged,
    onError: (e: Error) => setError(e.message),
  });
  const [sent, setSent] = useState(0);
  const upload = useMutation({
    mutationFn: (file: File) => foldersApi.upload(folder.id, file, setSent),
    onSuccess: () => {
      setError(null);
      onChanged();
    },
    onError: (e: Error) => setError(e.message),
  });
  const send = useMutation({
    mutationFn: () => foldersApi.sendMessage(folder.id, message),
    onSuccess: () => {
      setMessage('');
      onChanged();
    },
    onError: (e: Error) => setError(e.message),
  });
  const download = async (documentId: string) => {
    try {
      const link = await foldersApi.downloadLink(folder.id, documentId);
      window.location.assign(link.url);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const remove = async (documentId: string) => {
    try {
      await foldersApi.removeDocument(folder.id, documentId);
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Stack spacing={3}>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Box
        component="form"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Client : {client} ({folder.client.email}){folder.archived ? ' · archivé' : ''}
        </Typography>
        <Stack spacing={2}>
          <FolderFields values={fields} onChange={setFields} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Enregistrer
            </Button>
            <Button variant="outlined" onClick={() => archive.mutate()} disabled={archive.isPending}>
              {folder.archived ? 'Rouvrir le dossier' : 'Archiver le dossier'}
            </Button>
          </Stack>
          {saved ? <Alert severity="success">Dossier enregistré.</Alert> : null}
        </Stack>
      </Box>

      <Divider />
      <Box component="section" aria-labelledby="folder-appointments">
        <Typography variant="h6" component="h2" id="folder-appointments">
          Rendez-vous
        </Typography>
        <AppointmentHistory appointments={folder.appointments} />
      </Box>

      <Divider />
      <Box component="section" aria-labelledby="folder-documents">
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6" component="h2" id="folder-documents">
            Documents
          </Typography>
          <Button component="label" startIcon={<UploadFile />} disabled={upload.isPending}>
            Ajouter un document
            <input
              hidden
              type="file"
              aria-label="Ajouter un document"
              accept=".pdf,.jpg,.jpeg,.png,.webp,.heic,.docx,.xlsx,.pptx,.odt,.ods,.odp"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) {
                  setSent(0);
                  upload.mutate(file);
                }
                event.target.value = '';
              }}
            />
          </Button>
        </Stack>
        {upload.isPending ? <UploadProgress fraction={sent} label="Envoi du document" /> : null}
        {folder.documents.length === 0 ? (
          <Typography color="text.secondary">Aucun document pour l’instant.</Typography>
        ) : (
          <List dense>
            {folder.documents.map((document) => (
              <ListItem
                key={document.id}
                disableGutters
                secondaryAction={
                  <Stack direction="row">
                    <IconButton
                      aria-label={`Télécharger ${document.label}`}
                      onClick={() => void download(document.id)}
                    >
                      <Download />
                    </IconButton>
                    <IconButton
                      aria-label={`Supprimer ${document.label}`}
                      onClick={() => void remove(document.id)}
                    >
                      <Delete />
                    </IconButton>
                  </Stack>
                }
              >
                <ListItemText
                  primary={document.label}
                  secondary={`${document.uploaded_by === 'attendee' ? 'Envoyé par le client' : `Ajouté par ${theOffice(sector)}`} · ${dateTime(document.created_at)} · ${Math.ceil(document.size / 1024)} Ko`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>

      <Divider />
      <Box component="section" aria-labelledby="folder-exchange">
        <Typography variant="h6" component="h2" id="folder-exchange">
          Échanges
        </Typography>
        <Stack spacing={1} sx={{ my: 1 }} role="log" aria-label="Messages du dossier">
          {folder.messages.length === 0 ? (
            <Typography color="text.secondary">Aucun message.</Typography>
          ) : (
            folder.messages.map((entry) => (
              <Box
                key={entry.id}
                sx={{
                  alignSelf: entry.author === 'user' ? 'flex-end' : 'flex-start',
                  bgcolor: entry.author === 'user' ? 'primary.50' : 'grey.100',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  p: 1,
                  maxWidth: '85%',
                }}
              >
                <Typography variant="caption" color="text.secondary">
                  {entry.author === 'user' ? 'Vous' : client} · {dateTime(entry.created_at)}
                  {entry.author === 'user' ? (entry.read_at ? ' · lu' : ' · non lu') : ''}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{entry.body}</Typography>
              </Box>
            ))
          )}
        </Stack>
        <Box
          component="form"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (message.trim()) send.mutate();
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              label="Votre message au client"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              multiline
              fullWidth
            />
            <Button type="submit" variant="contained" disabled={send.isPending || !message.trim()}>
              Envoyer
            </Button>
          </Stack>
        </Box>
      </Box>
    </Stack>
  );
}
