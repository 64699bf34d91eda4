import { DataTable, DateField, List, SelectInput, TextInput } from 'react-admin';
import { ResponsiveList } from '../layout/ResponsiveList';

export interface AuditEntryRecord {
  id: number;
  adminEmail: string | null;
  action: string;
  resource: string;
  resourceId: string | null;
  /** What the entry is about, by its current name (null when it is gone or has none). */
  resourceName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

export const ACTION_CHOICES = [
  { id: 'create', name: 'Création' },
  { id: 'update', name: 'Modification' },
  { id: 'delete', name: 'Suppression' },
  { id: 'accept', name: 'Acceptation' },
  { id: 'refuse', name: 'Refus' },
  { id: 'cancel', name: 'Annulation' },
  { id: 'publish', name: 'Publication' },
  { id: 'reject', name: 'Rejet' },
  { id: 'deactivate', name: 'Désactivation' },
  { id: 'reactivate', name: 'Réactivation' },
  { id: 'export', name: 'Export RGPD' },
  { id: 'erase', name: 'Effacement RGPD' },
  { id: 'reset', name: 'Retour au modèle par défaut' },
  { id: 'retry', name: 'Relance d’une tâche' },
  { id: 'resend-invitation', name: 'Invitation renvoyée' },
];

/** The console's resources as an operator names them. */
export const RESOURCE_LABELS: Record<string, string> = {
  users: 'Professionnel',
  clients: 'Client',
  teams: 'Cabinet',
  specialities: 'Spécialité',
  posts: 'Article',
  images: 'Image',
  redirects: 'Redirection',
  'registration-requests': 'Demande d’inscription',
  'mail-templates': 'Modèle d’email',
  'site-config': 'Configuration du site',
  holidays: 'Congés',
  reviews: 'Avis',
  jobs: 'Tâche',
  'calendar-feed': 'Flux d’agenda',
  appointments: 'Rendez-vous',
  subscriptions: 'Abonnement',
  invoices: 'Facture',
  'billing-company': 'Société émettrice',
};

export function resourceLabel(resource: string): string {
  return RESOURCE_LABELS[resource] ?? resource;
}

/** « Camille Durand », else the id (a thing since deleted), else nothing. */
export function subjectOf(record: AuditEntryRecord): string {
  return record.resourceName ?? record.resourceId ?? '—';
}

export function actionLabel(action: string): string {
  return ACTION_CHOICES.find((choice) => choice.id === action)?.name ?? action;
}

const filters = [
  <TextInput key="resource" source="resource" alwaysOn />,
  <SelectInput key="action" source="action" choices={ACTION_CHOICES} />,
];

/** Read-only: the trail of what administrators changed (newest first). */
export function AuditLogList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <ResponsiveList<AuditEntryRecord>
        primaryText={(record) =>
          `${actionLabel(record.action)} · ${resourceLabel(record.resource)} · ${subjectOf(record)}`
        }
        secondaryText={(record) => record.adminEmail ?? '—'}
        tertiaryText={(record) => new Date(record.createdAt).toLocaleString('fr-FR')}
      >
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="createdAt">
            <DateField source="createdAt" showTime />
          </DataTable.Col>
          <DataTable.Col source="adminEmail" disableSort />
          <DataTable.Col source="action" render={(record: AuditEntryRecord) => actionLabel(record.action)} />
          <DataTable.Col
            source="resource"
            render={(record: AuditEntryRecord) => resourceLabel(record.resource)}
          />
          <DataTable.Col
            source="resourceName"
            label="Concerne"
            disableSort
            render={(record: AuditEntryRecord) => subjectOf(record)}
          />
        </DataTable>
      </ResponsiveList>
    </List>
  );
}
