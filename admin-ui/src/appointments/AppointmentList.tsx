import {
  AutocompleteInput,
  DataTable,
  DateInput,
  DateField,
  FunctionField,
  List,
  ReferenceInput,
  SelectInput,
} from 'react-admin';
import { ResponsiveList } from '../layout/ResponsiveList';
import {
  APPOINTMENT_STATUS_CHOICES,
  type AppointmentRecord,
  appointmentStatusLabel,
  when,
} from './AppointmentRecord';
import { frenchCsvExporter } from '../layout/frenchCsvExporter';

/** Filter keys of GET /api/v1/admin/appointments: userId, status, from, to. */
const filters = [
  <ReferenceInput key="userId" source="userId" reference="users" alwaysOn>
    <AutocompleteInput
      optionText={(r: { first_name?: string; last_name?: string }) =>
        `${r.first_name ?? ''} ${r.last_name ?? ''}`
      }
      filterToQuery={(q: string) => ({ q })}
    />
  </ReferenceInput>,
  <SelectInput key="status" source="status" choices={APPOINTMENT_STATUS_CHOICES} alwaysOn />,
  <DateInput key="from" source="from" />,
  <DateInput key="to" source="to" />,
];

const exporter = frenchCsvExporter('appointments', 'rendez-vous', [
  'startsAt',
  'refAppointment',
  'status',
  'mode',
  'professionalName',
  'attendeeName',
  'motiveTitle',
]);

export function AppointmentList() {
  return (
    <List filters={filters} sort={{ field: 'startsAt', order: 'DESC' }} exporter={exporter}>
      <ResponsiveList<AppointmentRecord>
        primaryText={(record) => when(record.startsAt)}
        secondaryText={(record) =>
          `${record.professionalName} · ${record.attendeeName ?? record.attendeeEmail ?? '—'}`
        }
        tertiaryText={(record) => appointmentStatusLabel(record.status)}
      >
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="startsAt">
            <DateField source="startsAt" showTime />
          </DataTable.Col>
          <DataTable.Col source="professionalName" disableSort />
          <DataTable.Col source="attendeeName" disableSort>
            <FunctionField<AppointmentRecord> render={(r) => r.attendeeName ?? r.attendeeEmail ?? '—'} />
          </DataTable.Col>
          <DataTable.Col source="motiveTitle" disableSort />
          <DataTable.Col source="status">
            <FunctionField<AppointmentRecord> render={(r) => appointmentStatusLabel(r.status)} />
          </DataTable.Col>
        </DataTable>
      </ResponsiveList>
    </List>
  );
}
