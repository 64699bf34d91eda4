import { ResponsiveList } from '../layout/ResponsiveList';
import { DataTable, DateField, List, NullableBooleanInput, SearchInput } from 'react-admin';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="published" source="published" />,
];

/** Sortable on the API: id, title, slug, publishedAt, createdAt, updatedAt. */
export function PostList() {
  return (
    <List filters={filters} sort={{ field: 'updatedAt', order: 'DESC' }}>
      <ResponsiveList<{ id: number; title?: string; slug?: string; publishedAt?: string | null }>
        primaryText={(record) => record.title}
        secondaryText={(record) => record.slug}
        tertiaryText={(record) =>
          record.publishedAt ? new Date(record.publishedAt).toLocaleDateString('fr-FR') : 'Brouillon'
        }
      >
        <DataTable>
          <DataTable.Col source="title" />
          <DataTable.Col source="slug" />
          <DataTable.Col source="publishedAt">
            <DateField source="publishedAt" emptyText="Brouillon" />
          </DataTable.Col>
          <DataTable.Col source="updatedAt" field={DateField} />
        </DataTable>
      </ResponsiveList>
    </List>
  );
}
