import { DataTable, DateField, FunctionField, List, SearchInput, SelectInput } from 'react-admin';
import { ResponsiveList } from '../layout/ResponsiveList';
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
        <DataTable bulkActionButtons={false} rowClick="show">
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
