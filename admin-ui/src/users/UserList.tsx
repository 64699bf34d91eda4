import { ResponsiveList } from '../layout/ResponsiveList';
import {
  AutocompleteInput,
  BooleanField,
  DataTable,
  EmailField,
  List,
  NullableBooleanInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  TextField,
} from 'react-admin';

/** The office picker lists offices by name (react-admin's default sort, by id, is refused by the API). */
const TEAMS_BY_NAME = { field: 'name', order: 'ASC' } as const;

/** Filter keys of GET /api/v1/admin/users: q (name, email, username), isActive, teamId. */
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="isActive" source="isActive" />,
  <ReferenceInput key="teamId" source="teamId" reference="teams" sort={TEAMS_BY_NAME}>
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
];

export function UserList() {
  return (
    <List filters={filters} sort={{ field: 'last_name', order: 'ASC' }}>
      {/* The API has no DELETE for professionals: deactivate them (is_active) instead. */}
      <ResponsiveList<{
        id: string;
        first_name?: string;
        last_name?: string;
        email?: string;
        isActive?: boolean;
      }>
        primaryText={(record) => `${record.first_name ?? ''} ${record.last_name ?? ''}`.trim()}
        secondaryText={(record) => record.email}
        tertiaryText={(record) => (record.isActive ? 'Actif' : 'Inactif')}
      >
        <DataTable bulkActionButtons={false}>
          <DataTable.Col source="last_name" />
          <DataTable.Col source="first_name" />
          <DataTable.Col source="email" field={EmailField} />
          <DataTable.Col source="userUri" disableSort />
          <DataTable.Col source="teamId" disableSort>
            <ReferenceField source="teamId" reference="teams" link="show" emptyText="—">
              <TextField source="name" />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col source="isActive" field={BooleanField} />
        </DataTable>
      </ResponsiveList>
    </List>
  );
}
