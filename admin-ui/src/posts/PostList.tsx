import { BooleanField, BooleanInput, DataTable, DateField, List, SearchInput } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="published" source="published" />];

export function PostList() {
  return (
    <List filters={filters} sort={{ field: 'publishedAt', order: 'DESC' }}>
      <DataTable>
        <DataTable.Col source="title" />
        <DataTable.Col source="slug" />
        <DataTable.Col source="published" field={BooleanField} />
        <DataTable.Col source="publishedAt" field={DateField} />
      </DataTable>
    </List>
  );
}
