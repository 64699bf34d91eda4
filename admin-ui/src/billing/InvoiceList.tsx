import { useState } from 'react';
import { Button, DataTable, DateField, List, SearchInput, SelectInput, useRecordContext } from 'react-admin';
import DownloadIcon from '@mui/icons-material/Download';
import UndoIcon from '@mui/icons-material/Undo';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import { downloadPdf } from '../api/downloadPdf';
import { ADMIN_API_URL, httpClient } from '../dataProvider';
import { ResponsiveList } from '../layout/ResponsiveList';
import { centsOf, euros } from './format';
import type { InvoiceRecord } from './records';
import { useBillingAction } from './useBillingAction';
import { frenchCsvExporter } from '../layout/frenchCsvExporter';

const url = (id: string, tail: string) =>
  `${ADMIN_API_URL}/billing/invoices/${encodeURIComponent(id)}${tail}`;
const kindLabel = (record: InvoiceRecord) => (record.kind === 'credit_note' ? 'Avoir' : 'Facture');
/** What is left to credit on an invoice (credit notes already issued against it are deducted). */
const refundable = (record: InvoiceRecord) =>
  record.kind === 'invoice' ? Math.max(0, record.totalTtc - record.credited) : 0;
const signedTotal = (record: InvoiceRecord) =>
  euros(record.kind === 'credit_note' ? -record.totalTtc : record.totalTtc);

/** The invoice or credit note as its Factur-X PDF. */
function DownloadPdfButton() {
  const record = useRecordContext<InvoiceRecord>();
  const { busy, run } = useBillingAction();
  if (!record) return null;
  return (
    <Button
      label="PDF"
      aria-label={`Télécharger le PDF ${record.number}`}
      disabled={busy}
      onClick={(event) => {
        event.stopPropagation();
        void run(async () => {
          await downloadPdf(url(record.id, '/pdf'), `${record.number}.pdf`);
          return `${record.number}.pdf téléchargé.`;
        });
      }}
    >
      <DownloadIcon />
    </Button>
  );
}

/**
 * A refund: a credit note (never an edited invoice) and the money sent back by Stripe, for the whole amount left or
 * part of it, with a reason.
 */
function RefundButton() {
  const record = useRecordContext<InvoiceRecord>();
  const { busy, run } = useBillingAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  if (!record || refundable(record) === 0) return null;
  const left = refundable(record);
  const cents = amount.trim() === '' ? left : centsOf(amount);
  const amountError =
    cents === null
      ? 'Montant invalide (exemple : 41,40)'
      : cents > left
        ? `Au plus ${euros(left)}`
        : undefined;
  const reasonError = reason.trim().length < 3 ? 'Le motif est obligatoire' : undefined;
  return (
    <>
      <Button
        label="Rembourser"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <UndoIcon />
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        onClick={(event) => event.stopPropagation()}
        aria-labelledby="refund-title"
      >
        <DialogTitle id="refund-title">Rembourser la facture {record.number}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Un avoir est émis sur la facture ({euros(left)} TTC restant à créditer). La facture elle-même ne
            change pas. Le montant est remboursé par Stripe sur le moyen de paiement qui a réglé la facture.
          </DialogContentText>
          <Stack spacing={2}>
            <MuiTextField
              label="Motif"
              required
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={reason !== '' && Boolean(reasonError)}
              helperText={reason !== '' && reasonError ? reasonError : ' '}
            />
            <MuiTextField
              label="Montant TTC (€)"
              value={amount}
              placeholder={(left / 100).toFixed(2).replace('.', ',')}
              onChange={(event) => setAmount(event.target.value)}
              error={Boolean(amountError)}
              helperText={amountError ?? 'Vide : tout le montant restant'}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Annuler</MuiButton>
          <MuiButton
            variant="contained"
            disabled={busy || Boolean(reasonError) || Boolean(amountError)}
            onClick={() =>
              void run(async () => {
                const { json } = await httpClient(url(record.id, '/refund'), {
                  method: 'POST',
                  body: JSON.stringify({ reason: reason.trim(), amountTtc: cents }),
                });
                setOpen(false);
                return `Avoir ${(json as InvoiceRecord).number} émis.`;
              })
            }
          >
            Émettre l’avoir
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Amounts in euros with a decimal comma, as a French spreadsheet reads a number (the API counts cents). */
const inEuros = (cents: unknown) =>
  typeof cents === 'number' ? (cents / 100).toFixed(2).replace('.', ',') : '';

const exporter = frenchCsvExporter('billing/invoices', 'factures', [
  'number',
  { field: 'kind', value: (record) => (record.kind === 'credit_note' ? 'Avoir' : 'Facture') },
  'customer',
  'issuedOn',
  { field: 'totalTtc', value: (record) => inEuros(record.totalTtc) },
  { field: 'credited', value: (record) => inEuros(record.credited) },
]);

const filters = [
  <SearchInput key="q" source="q" placeholder="Numéro ou client" alwaysOn />,
  <SelectInput
    key="kind"
    source="kind"
    choices={[
      { id: 'invoice', name: 'Factures' },
      { id: 'credit_note', name: 'Avoirs' },
    ]}
    alwaysOn
  />,
];

/** Invoices and credit notes, newest first, a page at a time (the API pages, filters and sorts them). */
export function InvoiceList() {
  return (
    <List exporter={exporter} filters={filters} sort={{ field: 'sequence', order: 'DESC' }}>
      <ResponsiveList<InvoiceRecord>
        primaryText={(record) => `${kindLabel(record)} ${record.number}`}
        secondaryText={(record) => record.customer}
        tertiaryText={signedTotal}
        linkType={false}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          {/* Sorting by number is sorting by the gapless sequence it prints. */}
          <DataTable.Col
            source="sequence"
            label="resources.billing/invoices.fields.number"
            render={(record: InvoiceRecord) => record.number}
          />
          <DataTable.Col source="kind" disableSort render={kindLabel} />
          <DataTable.Col source="customer" disableSort />
          <DataTable.Col
            source="issuedOn"
            render={(record: InvoiceRecord) => (
              <DateField source="issuedOn" record={record} locales="fr-FR" />
            )}
          />
          <DataTable.Col source="totalTtc" render={signedTotal} align="right" />
          <DataTable.Col
            source="credited"
            disableSort
            render={(record: InvoiceRecord) => (record.credited ? euros(record.credited) : '—')}
            align="right"
          />
          <DataTable.Col label="">
            <DownloadPdfButton />
            <RefundButton />
          </DataTable.Col>
        </DataTable>
      </ResponsiveList>
    </List>
  );
}
