import { DateField, FunctionField, Show, SimpleShowLayout, TextField } from 'react-admin';
import Box from '@mui/material/Box';
import { actionLabel, type AuditEntryRecord } from './AuditLogList';

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span>—</span>;
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1,
        bgcolor: 'grey.100',
        borderRadius: 1,
        overflowX: 'auto',
        fontSize: 12,
        maxWidth: '100%',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}

export function AuditLogShow() {
  return (
    <Show actions={false}>
      <SimpleShowLayout>
        <DateField source="createdAt" showTime />
        <TextField source="adminEmail" emptyText="—" />
        <FunctionField<AuditEntryRecord> source="action" render={(record) => actionLabel(record.action)} />
        <TextField source="resource" />
        <TextField source="resourceId" emptyText="—" />
        <FunctionField<AuditEntryRecord>
          source="before"
          render={(record) => <Json value={record.before} />}
        />
        <FunctionField<AuditEntryRecord> source="after" render={(record) => <Json value={record.after} />} />
      </SimpleShowLayout>
    </Show>
  );
}
