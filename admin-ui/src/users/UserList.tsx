import {
  BooleanField,
  BooleanInput,
  DataTable,
  EmailField,
  List,
  ReferenceField,
  SearchInput,
  TextField,
} from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="is_active" source="is_active" />];

export function UserList() {
  return (
    <List filters={filters} sort={{ field: 'last_name', order: 'ASC' }}>
      <DataTable>
        <DataTable.Col source="last_name" />
        <DataTable.Col source="first_name" />
        <DataTable.Col source="email" field={EmailField} />
        <DataTable.Col source="userUri" />
        <DataTable.Col source="teamId">
          <ReferenceField source="teamId" reference="teams" link="show" emptyText="—">
            <TextField source="name" />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="is_active" field={BooleanField} />
      </DataTable>
    </List>
  );
}
