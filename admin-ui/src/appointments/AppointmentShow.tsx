import { atOfficeLabel } from '@rdv/sectors';
import { euros } from '../billing/format';
import { sector } from '../sector';
import { FunctionField, ReferenceField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { type AppointmentRecord, appointmentStatusLabel, when } from './AppointmentRecord';
import { CancelAppointmentButton } from './CancelAppointmentButton';
import { RefundPaymentButton } from './RefundPaymentButton';

const PAYMENT_STATUSES: Record<string, string> = {
  awaiting_payment: 'En attente du paiement',
  authorized: 'Carte autorisée, débitée à la validation',
  captured: 'Encaissé',
  refunded: 'Remboursé',
  partially_refunded: 'Remboursé en partie',
  expired: 'Expiré',
  legal_aid: 'Aide juridictionnelle totale',
  failed: 'Échoué',
};

function paymentLabel(payment: AppointmentRecord['payment']): string {
  if (!payment) return 'Gratuit';
  const refunded = payment.refundedCents > 0 ? ` (remboursé ${euros(payment.refundedCents)})` : '';
  return `${euros(payment.amountCents)} · ${PAYMENT_STATUSES[payment.status] ?? payment.status}${refunded}`;
}

const MODES = { in_person: atOfficeLabel(sector), visio: 'Visioconférence', phone: 'Téléphone' } as const;

export function AppointmentShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <RefundPaymentButton />
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
        <FunctionField<AppointmentRecord> source="payment" render={(r) => paymentLabel(r.payment)} />
      </SimpleShowLayout>
    </Show>
  );
}
