import { DataTable, DateField, FunctionField, List, SearchInput, SelectInput } from 'react-admin';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import BlockIcon from '@mui/icons-material/Block';
import { ADMIN_API_URL } from '../dataProvider';
import { ResponsiveList } from '../layout/ResponsiveList';
import { BulkDecisionButton, type BulkDecision } from '../layout/BulkDecisionButton';
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

const reviewUrl = (record: ReviewRecord, action: 'publish' | 'reject') =>
  `${ADMIN_API_URL}/reviews/${encodeURIComponent(record.id)}/${action}`;

const plural = (count: number, word: string) => `${count} avis ${word}${count > 1 ? 's' : ''}`;

const PUBLISH: BulkDecision<ReviewRecord> = {
  label: 'Publier',
  icon: <CheckIcon />,
  url: (record) => reviewUrl(record, 'publish'),
  applies: (record) => record.status !== 'published',
  done: (count) => plural(count, 'publié'),
};

const REJECT: BulkDecision<ReviewRecord> = {
  label: 'Rejeter',
  icon: <BlockIcon />,
  color: 'error',
  url: (record) => reviewUrl(record, 'reject'),
  applies: (record) => record.status !== 'rejected',
  reason: {
    title: 'Rejeter les avis sélectionnés',
    label: 'Motif du rejet',
    missing: 'Le motif du rejet est obligatoire',
  },
  done: (count) => plural(count, 'rejeté'),
};

/** Moderating a batch: publish or reject the selected reviews, one decision each (same rules as one by one). */
const bulkActions = (
  <>
    <BulkDecisionButton decision={PUBLISH} />
    <BulkDecisionButton decision={REJECT} />
  </>
);

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
        <DataTable bulkActionButtons={bulkActions} rowClick="show">
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
