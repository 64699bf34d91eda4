import { atOfficeLabel } from '@rdv/sectors';
import { sector } from '../sector';
import { FunctionField, ReferenceField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { type AppointmentRecord, appointmentStatusLabel, when } from './AppointmentRecord';
import { CancelAppointmentButton } from './CancelAppointmentButton';

const MODES = { in_person: atOfficeLabel(sector), visio: 'Visioconférence', phone: 'Téléphone' } as const;

export function AppointmentShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <CancelAppointmentButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <FunctionField<AppointmentRecord> source="status" render={(r) => appointmentStatusLabel(r.status)} />
        <FunctionField<AppointmentRecord>
          source="startsAt"
          render={(r) => `${when(r.startsAt)} – ${when(r.endsAt)}`}
        />
        <FunctionField<AppointmentRecord> source="mode" render={(r) => MODES[r.mode] ?? r.mode} />
        <TextField source="refAppointment" />
        <ReferenceField source="userId" reference="users" link="show" />
        <FunctionField<AppointmentRecord>
          source="attendeeName"
          render={(r) => [r.attendeeName, r.attendeeEmail].filter(Boolean).join(' · ') || '—'}
        />
        <TextField source="motiveTitle" emptyText="—" />
        <FunctionField<AppointmentRecord>
          source="cancelledBy"
          render={(r) =>
            r.cancelledBy === 'attendee' ? 'Le client' : r.cancelledBy === 'user' ? 'Le professionnel' : '—'
          }
        />
        <TextField source="cancellationReason" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
