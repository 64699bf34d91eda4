import { DataTable, DateField, List, SearchInput } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function RedirectList() {
  return (
    <List filters={filters} sort={{ field: 'fromPath', order: 'ASC' }}>
      <DataTable>
        <DataTable.Col source="fromPath" />
        <DataTable.Col source="toPath" />
        <DataTable.Col source="status" />
        <DataTable.Col source="updatedAt" field={DateField} />
      </DataTable>
    </List>
  );
}
