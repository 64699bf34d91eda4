import { DateField, FunctionField, Show, SimpleShowLayout, TextField } from 'react-admin';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { actionLabel, resourceLabel, subjectOf, type AuditEntryRecord } from './AuditLogList';

const shown = (value: unknown): string =>
  value === undefined
    ? '—'
    : value === null
      ? 'vide'
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);

/** The fields an entry touched: created (after only), removed (before only) or changed (both, different). */
export function changedFields(record: Pick<AuditEntryRecord, 'before' | 'after'>) {
  const before = record.before ?? {};
  const after = record.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({ key, before: before[key], after: after[key] }));
}

/** What changed, field by field: the old value struck through, the new one highlighted. */
function Changes({ record }: { record: AuditEntryRecord }) {
  const rows = changedFields(record);
  if (rows.length === 0) return <Typography variant="body2">Aucun champ modifié.</Typography>;
  return (
    <Table size="small" aria-label="Champs modifiés" sx={{ tableLayout: 'fixed', width: '100%' }}>
      <TableHead>
        <TableRow>
          <TableCell>Champ</TableCell>
          <TableCell>Avant</TableCell>
          <TableCell>Après</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {row.key}
            </TableCell>
            <TableCell
              sx={{ color: 'text.secondary', textDecoration: 'line-through', overflowWrap: 'anywhere' }}
            >
              {shown(row.before)}
            </TableCell>
            <TableCell sx={{ bgcolor: 'warning.light', fontWeight: 600, overflowWrap: 'anywhere' }}>
              {shown(row.after)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

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
        // Long values (a token, a whole document) wrap inside the page: a 9,000 px line once made the page scroll
        // sideways.
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
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
        <FunctionField<AuditEntryRecord>
          source="resource"
          render={(record) => resourceLabel(record.resource)}
        />
        <FunctionField<AuditEntryRecord> label="Concerne" render={(record) => subjectOf(record)} />
        <FunctionField<AuditEntryRecord>
          label="Ce qui a changé"
          render={(record) => <Changes record={record} />}
        />
        <FunctionField<AuditEntryRecord>
          source="before"
          render={(record) => <Json value={record.before} />}
        />
        <FunctionField<AuditEntryRecord> source="after" render={(record) => <Json value={record.after} />} />
      </SimpleShowLayout>
    </Show>
  );
}
