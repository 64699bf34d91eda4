import { useState } from 'react';
import {
  Button,
  DateField,
  FunctionField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import { ADMIN_API_URL, httpClient } from '../dataProvider';
import { type JobRecord, stateLabel } from './JobList';

function RetryButton() {
  const record = useRecordContext<JobRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || record.state !== 'failed') return null;
  const retry = async () => {
    setBusy(true);
    try {
      await httpClient(`${ADMIN_API_URL}/jobs/${encodeURIComponent(record.id)}/retry`, { method: 'POST' });
      notify('Tâche relancée.', { type: 'info' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="Relancer" onClick={() => void retry()} disabled={busy}>
      <ReplayIcon />
    </Button>
  );
}

export function JobShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <RetryButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="queue" />
        <TextField source="name" />
        <FunctionField<JobRecord> source="state" render={(r) => stateLabel(r.state)} />
        <TextField source="attemptsMade" />
        <TextField source="failedReason" emptyText="—" />
        <DateField source="createdAt" showTime emptyText="—" />
        <DateField source="finishedAt" showTime emptyText="—" />
        <FunctionField<JobRecord>
          source="data"
          render={(r) => (
            <Box component="pre" sx={{ m: 0, fontSize: 12, overflowX: 'auto', maxWidth: '100%' }}>
              {JSON.stringify(r.data, null, 2)}
            </Box>
          )}
        />
      </SimpleShowLayout>
    </Show>
  );
}
