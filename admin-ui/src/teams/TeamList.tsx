import { DataTable, List, SearchInput } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function TeamList() {
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }}>
      <DataTable>
        <DataTable.Col source="name" />
        <DataTable.Col source="ext_id" />
        <DataTable.Col source="teamUri" />
        <DataTable.Col source="address" />
      </DataTable>
    </List>
  );
}
