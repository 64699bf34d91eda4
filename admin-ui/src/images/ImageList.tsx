import { DataTable, DateField, ImageField, List, SearchInput } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function ImageList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }}>
      <DataTable>
        <DataTable.Col source="url" disableSort>
          <ImageField
            source="url"
            title="alt"
            sx={{ '& img': { maxWidth: 72, maxHeight: 48, objectFit: 'cover', borderRadius: 1 } }}
          />
        </DataTable.Col>
        <DataTable.Col source="title" />
        <DataTable.Col source="alt" />
        <DataTable.Col source="createdAt" field={DateField} />
      </DataTable>
    </List>
  );
}
