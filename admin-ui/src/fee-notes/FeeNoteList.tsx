import { Button, DataTable, DateField, List, useNotify, useRecordContext } from 'react-admin';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadPdf } from '../api/downloadPdf';
import { ADMIN_API_URL } from '../dataProvider';
import { ResponsiveList } from '../layout/ResponsiveList';
import { euros } from '../billing/format';

/** A professional's fee note or credit note, as GET /admin/fee-notes lists it. */
export interface FeeNoteRecord {
  id: string;
  kind: 'fee_note' | 'credit_note';
  number: string;
  userId: string;
  professional: string;
  appointmentId: string;
  creditedNumber: string | null;
  issuedOn: string;
  totalTtcCents: number;
  facturX: boolean;
}

const kindLabel = (record: FeeNoteRecord) =>
  record.kind === 'credit_note' ? `Avoir sur ${record.creditedNumber ?? '—'}` : 'Note d’honoraires';
const signedTotal = (record: FeeNoteRecord) =>
  euros(record.kind === 'credit_note' ? -record.totalTtcCents : record.totalTtcCents);

function DownloadButton() {
  const record = useRecordContext<FeeNoteRecord>();
  const notify = useNotify();
  if (!record) return null;
  return (
    <Button
      label="PDF"
      aria-label={`Télécharger le PDF ${record.number} de ${record.professional}`}
      onClick={(event) => {
        event.stopPropagation();
        downloadPdf(
          `${ADMIN_API_URL}/fee-notes/${encodeURIComponent(record.id)}/pdf`,
          `${record.number}.pdf`,
        ).catch((error: Error) => notify(error.message, { type: 'error' }));
      }}
    >
      <DownloadIcon />
    </Button>
  );
}

/**
 * The fee notes and credit notes issued on the professionals' behalf for paid consultations, newest first: read
 * only (they are never edited; a refund makes a credit note on its own).
 */
export function FeeNoteList() {
  return (
    <List exporter={false} sort={{ field: 'createdAt', order: 'DESC' }}>
      <ResponsiveList<FeeNoteRecord>
        primaryText={(record) => `${record.professional} — ${record.number}`}
        secondaryText={kindLabel}
        tertiaryText={signedTotal}
        linkType={false}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="professional" disableSort />
          <DataTable.Col source="number" disableSort />
          <DataTable.Col source="kind" disableSort render={kindLabel} />
          <DataTable.Col
            source="issuedOn"
            disableSort
            render={(record: FeeNoteRecord) => (
              <DateField source="issuedOn" record={record} locales="fr-FR" />
            )}
          />
          <DataTable.Col source="totalTtcCents" disableSort render={signedTotal} align="right" />
          <DataTable.Col
            source="facturX"
            disableSort
            render={(record: FeeNoteRecord) => (record.facturX ? 'oui' : 'non')}
          />
          <DataTable.Col label="">
            <DownloadButton />
          </DataTable.Col>
        </DataTable>
      </ResponsiveList>
    </List>
  );
}
