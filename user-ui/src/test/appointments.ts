import type { Appointment } from '../api/events';
import { ACCOUNT } from './signedIn';

/** An appointment as GET /users/{id}/events returns it (8 December 2026, 10:00-11:00 in Paris). */
export const appointment = (id: string, extra: Partial<Appointment> = {}): Appointment => ({
  _id: id,
  id_event: id,
  refAppointment: `REF-${id}`,
  status: 'pending',
  mode: 'in_person',
  start: '2026-12-08T09:00:00.000Z',
  end: '2026-12-08T10:00:00.000Z',
  timezone: 'Europe/Paris',
  title: null,
  location: '1 rue de la Paix, 75002 Paris',
  visioUrl: null,
  notes: null,
  user_id: ACCOUNT._id,
  motive: { id: 'm1', title: 'Première consultation' },
  attendee_id: 'a1',
  attendee: {
    _id: 'a1',
    civility: null,
    first_name: 'Jean',
    last_name: 'Dupont',
    email: 'jean.dupont@example.fr',
    phone: '+33612345678',
  },
  createdBy: 'attendee',
  refusalReason: null,
  cancelledBy: null,
  cancellationReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});
