import { ResponsiveList } from '../layout/ResponsiveList';
import { DataTable, List, NumberField, SearchInput } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Sortable on the API: name, ext_id, teamUri, createdAt, updatedAt. */
export function TeamList() {
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }}>
      <ResponsiveList<{ id: string; name?: string; cityName?: string | null; professionalsCount?: number }>
        primaryText={(record) => record.name}
        secondaryText={(record) => record.cityName ?? ''}
        tertiaryText={(record) => String(record.professionalsCount ?? '')}
      >
        <DataTable>
          <DataTable.Col source="name" />
          <DataTable.Col source="ext_id" />
          <DataTable.Col source="teamUri" />
          <DataTable.Col source="cityName" disableSort />
          <DataTable.Col source="professionalsCount" field={NumberField} disableSort />
        </DataTable>
      </ResponsiveList>
    </List>
  );
}
