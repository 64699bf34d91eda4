import { DataTable, DateField, List, SelectInput } from 'react-admin';
import { ResponsiveList } from '../layout/ResponsiveList';

export interface JobRecord {
  id: string;
  queue: string;
  jobId: string;
  name: string;
  state: string;
  attemptsMade: number;
  failedReason: string | null;
  data: Record<string, unknown>;
  createdAt: string | null;
  finishedAt: string | null;
}

export const QUEUE_CHOICES = [
  { id: 'notifications', name: 'Notifications' },
  { id: 'calendar-sync', name: 'Synchronisation des agendas' },
  { id: 'geocoding', name: 'Géocodage des adresses' },
];
export const STATE_CHOICES = [
  { id: 'failed', name: 'En échec' },
  { id: 'waiting', name: 'En attente' },
  { id: 'delayed', name: 'Différées' },
  { id: 'active', name: 'En cours' },
  { id: 'completed', name: 'Terminées' },
];
export const stateLabel = (state: string) => STATE_CHOICES.find((c) => c.id === state)?.name ?? state;

const filters = [
  <SelectInput key="queue" source="queue" choices={QUEUE_CHOICES} alwaysOn />,
  <SelectInput key="state" source="state" choices={STATE_CHOICES} alwaysOn />,
];

/** BullMQ jobs (failed ones by default). */
export function JobList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ queue: 'notifications', state: 'failed' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
    >
      <ResponsiveList<JobRecord>
        primaryText={(r) => r.name}
        secondaryText={(r) => r.failedReason ?? stateLabel(r.state)}
        tertiaryText={(r) => `${r.attemptsMade} essai(s)`}
      >
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="createdAt">
            <DateField source="createdAt" showTime />
          </DataTable.Col>
          <DataTable.Col source="name" disableSort />
          <DataTable.Col source="state" disableSort render={(r: JobRecord) => stateLabel(r.state)} />
          <DataTable.Col source="attemptsMade" disableSort />
          <DataTable.Col source="failedReason" disableSort />
        </DataTable>
      </ResponsiveList>
    </List>
  );
}
