import { useState } from 'react';
import {
  Button,
  DateField,
  FunctionField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import BlockIcon from '@mui/icons-material/Block';
import { ADMIN_API_URL, httpClient } from '../dataProvider';
import { ReasonDialog } from '../layout/ReasonDialog';
import { type ReviewRecord, reviewStatusLabel, stars } from './ReviewList';

function ModerationActions() {
  const record = useRecordContext<ReviewRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const send = async (action: 'publish' | 'reject', reason?: string) => {
    try {
      await httpClient(`${ADMIN_API_URL}/reviews/${encodeURIComponent(record.id)}/${action}`, {
        method: 'POST',
        body: reason === undefined ? undefined : JSON.stringify({ reason }),
      });
    } catch (cause) {
      const message = cause instanceof Error ? cause.message : 'ra.notification.http_error';
      if (reason !== undefined) return message;
      notify(message, { type: 'error' });
      return;
    }
    notify(action === 'publish' ? 'Avis publié.' : 'Avis rejeté.', { type: 'info' });
    setOpen(false);
    refresh();
  };
  return (
    <TopToolbar>
      {record.status !== 'published' && (
        <Button label="Publier" onClick={() => void send('publish')}>
          <CheckIcon />
        </Button>
      )}
      {record.status !== 'rejected' && (
        <Button label="Rejeter" color="error" onClick={() => setOpen(true)}>
          <BlockIcon />
        </Button>
      )}
      <ReasonDialog
        open={open}
        title="Rejeter l’avis"
        label="Motif du rejet"
        confirmLabel="Rejeter l’avis"
        missing="Le motif du rejet est obligatoire"
        onCancel={() => setOpen(false)}
        onConfirm={(reason) => send('reject', reason)}
      />
    </TopToolbar>
  );
}

export function ReviewShow() {
  return (
    <Show actions={<ModerationActions />}>
      <SimpleShowLayout>
        <FunctionField<ReviewRecord> source="status" render={(r) => reviewStatusLabel(r.status)} />
        <ReferenceField source="userId" reference="users" link="show" />
        <FunctionField<ReviewRecord> source="rating" render={(r) => `${stars(r.rating)} (${r.rating}/5)`} />
        <TextField source="comment" emptyText="—" />
        <TextField source="authorName" emptyText="—" />
        <DateField source="createdAt" showTime />
        <TextField source="rejectionReason" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
