import { BooleanField, DataTable, List } from 'react-admin';

export function MailTemplateList() {
  return (
    <List pagination={false} perPage={100} sort={{ field: 'key', order: 'ASC' }} exporter={false}>
      <DataTable bulkActionButtons={false} rowClick="edit">
        <DataTable.Col source="key" />
        <DataTable.Col source="subject" />
        <DataTable.Col source="customized" field={BooleanField} />
      </DataTable>
    </List>
  );
}
