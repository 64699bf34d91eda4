import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { foldersApi, type FolderStatus } from '../api/folders';
import { useUserId } from '../auth/useUserId';
import { FormDialog } from '../components/FormDialog';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { FolderDialog } from './FolderDialog';
import { FolderFields, type FolderFieldValues } from './FolderFields';

/** `/user/dossiers-client`: the professional's client folders, searchable, filterable, archivable. */
export function FoldersPage() {
  const userId = useUserId();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<FolderStatus>('open');
  const [creating, setCreating] = useState(false);
  const openId = params.get('dossier');
  const folders = useQuery({
    queryKey: ['folders', userId, q, status],
    queryFn: ({ signal }) => foldersApi.list(userId, q, status, signal),
    placeholderData: (previous) => previous,
  });
  const open = (id: string | null) => setParams(id ? { dossier: id } : {});

  return (
    <>
      <PageHeader
        title="Dossiers clients"
        description="Un dossier par client : ses rendez-vous, ses documents et vos échanges."
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            Nouveau dossier
          </Button>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Rechercher (titre, référence, client)"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          fullWidth
        />
        <TextField
          select
          label="Statut"
          value={status}
          onChange={(e) => setStatus(e.target.value as FolderStatus)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="open">En cours</MenuItem>
          <MenuItem value="archived">Archivés</MenuItem>
          <MenuItem value="all">Tous</MenuItem>
        </TextField>
      </Stack>
      <QueryState isPending={folders.isPending} error={folders.error} onRetry={() => void folders.refetch()}>
        {folders.data?.length === 0 ? (
          <Alert severity="info">
            Aucun dossier. Ouvrez-en un depuis un rendez-vous (« Ouvrir un dossier ») ou avec « Nouveau
            dossier ».
          </Alert>
        ) : (
          <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {folders.data?.map((folder) => {
              const client =
                [folder.client.first_name, folder.client.last_name].filter(Boolean).join(' ') ||
                folder.client.email;
              return (
                <li key={folder.id}>
                  <Card variant="outlined">
                    <CardActionArea
                      onClick={() => open(folder.id)}
                      aria-label={`Ouvrir le dossier ${folder.title}`}
                    >
                      <CardContent>
                        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                          <Typography variant="subtitle1" component="h2">
                            {folder.title}
                          </Typography>
                          <Badge
                            color="primary"
                            badgeContent={folder.unread_count}
                            aria-label={`${folder.unread_count} message(s) non lu(s)`}
                          />
                        </Stack>
                        <Typography variant="body2" color="text.secondary">
                          {client}
                          {folder.reference ? ` · Réf. ${folder.reference}` : ''} · {folder.documents_count}{' '}
                          document(s)
                          {folder.archived ? ' · archivé' : ''}
                        </Typography>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </li>
              );
            })}
          </Stack>
        )}
      </QueryState>
      {creating ? (
        <NewFolderDialog
          userId={userId}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            open(id);
          }}
        />
      ) : null}
      {openId ? <FolderDialog folderId={openId} onClose={() => open(null)} /> : null}
    </>
  );
}

function NewFolderDialog({
  userId,
  onClose,
  onCreated,
}: {
  userId: string;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<FolderFieldValues>({ title: '', reference: '', notes: '' });
  const [email, setEmail] = useState('');
  const create = useMutation({
    mutationFn: () =>
      foldersApi.create(userId, {
        title: fields.title,
        attendee_email: email,
        reference: fields.reference || null,
        notes: fields.notes || null,
      }),
    onSuccess: (folder) => {
      void queryClient.invalidateQueries({ queryKey: ['folders'] });
      onCreated(folder.id);
    },
  });
  return (
    <FormDialog
      open
      title="Nouveau dossier"
      onClose={onClose}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        create.mutate();
      }}
      submitLabel="Créer le dossier"
      submitting={create.isPending}
      formError={create.error?.message ?? null}
      intro="Pour un client ayant déjà pris rendez-vous avec vous."
    >
      <TextField
        label="Email du client"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
        fullWidth
      />
      <FolderFields values={fields} onChange={setFields} />
    </FormDialog>
  );
}
