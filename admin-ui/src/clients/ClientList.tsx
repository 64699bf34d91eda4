import {
  BooleanField,
  DataTable,
  DateField,
  EmailField,
  List,
  NullableBooleanInput,
  SearchInput,
} from 'react-admin';
import { ResponsiveList } from '../layout/ResponsiveList';
import { frenchCsvExporter } from '../layout/frenchCsvExporter';

export interface ClientRecord {
  id: string;
  email: string;
  civility: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  isActive: boolean;
  createdAt: string;
}

const exporter = frenchCsvExporter('clients', 'clients', [
  'lastName',
  'firstName',
  'email',
  'phone',
  'isActive',
  'createdAt',
]);

export function clientName(record: ClientRecord): string {
  return [record.firstName, record.lastName].filter(Boolean).join(' ') || record.email;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="isActive" source="isActive" />,
];

export function ClientList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={exporter}>
      <ResponsiveList<ClientRecord>
        primaryText={clientName}
        secondaryText={(record) => record.email}
        tertiaryText={(record) => (record.isActive ? 'Actif' : 'Désactivé')}
      >
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="lastName" />
          <DataTable.Col source="firstName" disableSort />
          <DataTable.Col source="email" field={EmailField} />
          <DataTable.Col source="phone" disableSort />
          <DataTable.Col source="isActive" field={BooleanField} disableSort />
          <DataTable.Col source="createdAt" field={DateField} />
        </DataTable>
      </ResponsiveList>
    </List>
  );
}
