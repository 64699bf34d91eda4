import { ResponsiveList } from '../layout/ResponsiveList';
import { DataTable, DateField, List, SearchInput } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function RedirectList() {
  return (
    <List filters={filters} sort={{ field: 'fromPath', order: 'ASC' }}>
      <ResponsiveList<{ id: number; fromPath?: string; toPath?: string; status?: number }>
        primaryText={(record) => record.fromPath}
        secondaryText={(record) => `→ ${record.toPath ?? ''}`}
        tertiaryText={(record) => String(record.status ?? '')}
      >
        <DataTable>
          <DataTable.Col source="fromPath" />
          <DataTable.Col source="toPath" />
          <DataTable.Col source="status" />
          <DataTable.Col source="updatedAt" field={DateField} />
        </DataTable>
      </ResponsiveList>
    </List>
  );
}
