import { ResponsiveList } from '../layout/ResponsiveList';
import { DataTable, DateField, ImageField, List, NumberField, SearchInput } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** GET /api/v1/admin/images: each record has `src` (full, ≤ 1600 px wide) and a 400 px `thumbnail`. */
export function ImageList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }}>
      <ResponsiveList<{ id: string; title?: string; alt?: string }>
        primaryText={(record) => record.title}
        secondaryText={(record) => record.alt}
      >
        <DataTable>
          <DataTable.Col source="thumbnail" label="Aperçu" disableSort>
            <ImageField
              source="thumbnail"
              title="alt"
              sx={{ '& img': { maxWidth: 72, maxHeight: 48, objectFit: 'cover', borderRadius: 1 } }}
            />
          </DataTable.Col>
          <DataTable.Col source="title" />
          <DataTable.Col source="alt" />
          <DataTable.Col source="width" label="Largeur (px)" field={NumberField} />
          <DataTable.Col source="height" label="Hauteur (px)" field={NumberField} />
          <DataTable.Col source="createdAt" field={DateField} />
        </DataTable>
      </ResponsiveList>
    </List>
  );
}
