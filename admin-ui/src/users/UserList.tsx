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

/** Filter keys of GET /api/v1/admin/users: q (name, email, username), isActive, teamId. */
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="isActive" source="isActive" />,
  <ReferenceInput key="teamId" source="teamId" reference="teams">
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
];

export function UserList() {
  return (
    <List filters={filters} sort={{ field: 'last_name', order: 'ASC' }}>
      {/* The API has no DELETE for professionals: deactivate them (is_active) instead. */}
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
    </List>
  );
}
