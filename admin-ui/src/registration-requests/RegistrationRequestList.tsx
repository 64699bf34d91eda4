import { DataTable, DateField, FunctionField, List, SearchInput, SelectInput } from 'react-admin';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import BlockIcon from '@mui/icons-material/Block';
import { ADMIN_API_URL } from '../dataProvider';
import { ResponsiveList } from '../layout/ResponsiveList';
import { BulkDecisionButton, type BulkDecision } from '../layout/BulkDecisionButton';
import { type RegistrationRequestRecord, STATUS_CHOICES, statusLabel } from './RegistrationRequestRecord';
import { frenchCsvExporter } from '../layout/frenchCsvExporter';

/** Filter keys of GET /api/v1/admin/registration-requests: q (name, email, city, office), status. */
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];

const exporter = frenchCsvExporter('registration-requests', 'demandes-inscription', [
  'createdAt',
  'civility',
  'firstName',
  'lastName',
  'email',
  'phone',
  'city',
  'officeName',
  'officeNumber',
  'status',
]);

const requestUrl = (record: RegistrationRequestRecord, action: 'accept' | 'refuse') =>
  `${ADMIN_API_URL}/registration-requests/${encodeURIComponent(record.id)}/${action}`;

const ACCEPT: BulkDecision<RegistrationRequestRecord> = {
  label: 'Accepter',
  icon: <CheckIcon />,
  url: (record) => requestUrl(record, 'accept'),
  applies: (record) => record.status === 'pending',
  done: (count) =>
    `${count} demande${count > 1 ? 's acceptées' : ' acceptée'}, invitation${count > 1 ? 's' : ''} envoyée${count > 1 ? 's' : ''}`,
};

const REFUSE: BulkDecision<RegistrationRequestRecord> = {
  label: 'Refuser',
  icon: <BlockIcon />,
  color: 'error',
  url: (record) => requestUrl(record, 'refuse'),
  applies: (record) => record.status === 'pending',
  reason: {
    title: 'Refuser les demandes sélectionnées',
    label: 'Motif du refus (envoyé aux demandeurs)',
    missing: 'Le motif du refus est obligatoire',
  },
  done: (count) => `${count} demande${count > 1 ? 's refusées' : ' refusée'}`,
};

/** Accepting or refusing a batch: one decision per request, each mailed and audited as one by one. */
const bulkActions = (
  <>
    <BulkDecisionButton decision={ACCEPT} />
    <BulkDecisionButton decision={REFUSE} />
  </>
);

/** Newest first, the pending ones by default: the queue an admin works through. */
export function RegistrationRequestList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={exporter}
    >
      <ResponsiveList<RegistrationRequestRecord>
        primaryText={(record) => `${record.civility} ${record.firstName} ${record.lastName}`}
        secondaryText={(record) => `${record.city} · ${record.email}`}
        tertiaryText={(record) => statusLabel(record.status)}
      >
        <DataTable bulkActionButtons={bulkActions} rowClick="show">
          <DataTable.Col source="createdAt" field={DateField} />
          <DataTable.Col source="lastName">
            <FunctionField<RegistrationRequestRecord>
              render={(record) => `${record.civility} ${record.firstName} ${record.lastName}`}
            />
          </DataTable.Col>
          <DataTable.Col source="email" disableSort />
          <DataTable.Col source="city" />
          <DataTable.Col source="officeName" disableSort />
          <DataTable.Col source="status">
            <FunctionField<RegistrationRequestRecord> render={(record) => statusLabel(record.status)} />
          </DataTable.Col>
        </DataTable>
      </ResponsiveList>
    </List>
  );
}
