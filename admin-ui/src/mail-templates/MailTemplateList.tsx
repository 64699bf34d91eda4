import { useMediaQuery, type Theme } from '@mui/material';
import { BooleanField, DataTable, List, SimpleList } from 'react-admin';
import type { MailTemplateRecord } from './MailTemplateRecord';

export function MailTemplateList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List pagination={false} perPage={100} sort={{ field: 'key', order: 'ASC' }} exporter={false}>
      {phone ? (
        <SimpleList<MailTemplateRecord>
          primaryText={(record) => record.label ?? record.key}
          secondaryText={(record) => record.subject}
          tertiaryText={(record) => (record.customized ? 'Personnalisé' : '')}
          linkType="edit"
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="edit">
          <DataTable.Col source="label" />
          <DataTable.Col source="key" />
          <DataTable.Col source="subject" />
          <DataTable.Col source="customized" field={BooleanField} />
        </DataTable>
      )}
    </List>
  );
}
