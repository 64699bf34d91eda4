import { DataTable, DateField, FunctionField, List, SearchInput, SelectInput } from 'react-admin';
import { ResponsiveList } from '../layout/ResponsiveList';
import { frenchCsvExporter } from '../layout/frenchCsvExporter';

export interface ReviewRecord {
  id: string;
  userId: string;
  professionalName: string;
  rating: number;
  comment: string | null;
  authorName: string | null;
  status: 'pending' | 'published' | 'rejected';
  rejectionReason: string | null;
  createdAt: string;
}

export const REVIEW_STATUS_CHOICES = [
  { id: 'pending', name: 'À modérer' },
  { id: 'published', name: 'Publié' },
  { id: 'rejected', name: 'Rejeté' },
];

export const reviewStatusLabel = (status: ReviewRecord['status']) =>
  REVIEW_STATUS_CHOICES.find((c) => c.id === status)?.name ?? status;

export const stars = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={REVIEW_STATUS_CHOICES} alwaysOn />,
];

const exporter = frenchCsvExporter('reviews', 'avis', [
  'createdAt',
  'professionalName',
  'authorName',
  'rating',
  'comment',
  'status',
]);

/** The moderation queue (pending first by default). */
export function ReviewList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={exporter}
    >
      <ResponsiveList<ReviewRecord>
        primaryText={(r) => `${stars(r.rating)} ${r.professionalName}`}
        secondaryText={(r) => r.comment ?? ''}
        tertiaryText={(r) => reviewStatusLabel(r.status)}
      >
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="createdAt" field={DateField} />
          <DataTable.Col source="professionalName" disableSort />
          <DataTable.Col source="rating">
            <FunctionField<ReviewRecord>
              render={(r) => <span aria-label={`${r.rating} sur 5`}>{stars(r.rating)}</span>}
            />
          </DataTable.Col>
          <DataTable.Col source="comment" disableSort />
          <DataTable.Col source="status">
            <FunctionField<ReviewRecord> render={(r) => reviewStatusLabel(r.status)} />
          </DataTable.Col>
        </DataTable>
      </ResponsiveList>
    </List>
  );
}
