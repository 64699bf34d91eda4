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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!record) return null;
  const send = async (action: 'publish' | 'reject') => {
    if (action === 'reject' && reason.trim().length < 3) {
      setError('Le motif du rejet est obligatoire');
      return;
    }
    try {
      await httpClient(`${ADMIN_API_URL}/reviews/${encodeURIComponent(record.id)}/${action}`, {
        method: 'POST',
        body: action === 'reject' ? JSON.stringify({ reason: reason.trim() }) : undefined,
      });
      notify(action === 'publish' ? 'Avis publié.' : 'Avis rejeté.', { type: 'info' });
      setOpen(false);
      refresh();
    } catch (cause) {
      notify(cause instanceof Error ? cause.message : 'ra.notification.http_error', { type: 'error' });
    }
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
        value={reason}
        error={error}
        onChange={(text) => {
          setReason(text);
          setError(null);
        }}
        onCancel={() => setOpen(false)}
        onConfirm={() => void send('reject')}
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
