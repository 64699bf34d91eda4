import {
  BooleanField,
  DataTable,
  DateField,
  EmailField,
  FunctionField,
  ReferenceManyField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { type AppointmentRecord, appointmentStatusLabel } from '../appointments/AppointmentRecord';
import { EraseClientButton, ExportClientButton, ToggleClientButton } from './ClientActions';

export function ClientShow() {
  return (
    <Show
      actions={
        <TopToolbar sx={{ flexWrap: 'wrap' }}>
          <ToggleClientButton />
          <ExportClientButton />
          <EraseClientButton />
        </TopToolbar>
      }
    >
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Profil">
          <TextField source="civility" emptyText="—" />
          <TextField source="firstName" emptyText="—" />
          <TextField source="lastName" emptyText="—" />
          <EmailField source="email" />
          <TextField source="phone" emptyText="—" />
          <BooleanField source="isActive" />
          <DateField source="createdAt" showTime />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Rendez-vous">
          <ReferenceManyField
            reference="appointments"
            target="attendeeId"
            sort={{ field: 'startsAt', order: 'DESC' }}
          >
            <DataTable bulkActionButtons={false} rowClick="show">
              <DataTable.Col source="startsAt" label="Date">
                <DateField source="startsAt" showTime />
              </DataTable.Col>
              <DataTable.Col source="professionalName" label="Professionnel" />
              <DataTable.Col source="status" label="Statut">
                <FunctionField<AppointmentRecord> render={(r) => appointmentStatusLabel(r.status)} />
              </DataTable.Col>
            </DataTable>
          </ReferenceManyField>
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
