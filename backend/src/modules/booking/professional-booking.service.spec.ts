import { newTestService } from '../../../test/support/new-test-service';
import { type AppointmentRecord, AppointmentRecords } from '../appointments';
import { presentAppointment } from './appointment.presenter';
import { BookingRefusal } from './booking-refusal';
import { BookingWrites } from './booking-writes';
import { BookingRepository } from './booking.repository';
import { ProfessionalBookingService } from './professional-booking.service';

const PRO = { kind: 'user' as const, id: '33333333-3333-4333-8333-333333333333' };
const ID = '44444444-4444-4444-8444-444444444444';
const HOUR = 3600_000;

function record(status: AppointmentRecord['status'], startsInHours: number): AppointmentRecord {
  const startsAt = new Date(Date.now() + startsInHours * HOUR);
  return {
    id: ID,
    refAppointment: 'ABCDEFGHIJKLMNOPQRST',
    userId: PRO.id,
    calendarId: '55555555-5555-4555-8555-555555555555',
    motiveId: null,
    payment: null,
    feeAgreement: null,
    attendeeId: '11111111-1111-4111-8111-111111111111',
    mode: 'in_person',
    status,
    startsAt,
    endsAt: new Date(startsAt.getTime() + HOUR),
    title: 'Première consultation',
    location: null,
    timezone: 'Europe/Paris',
    notes: null,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    updatedAt: new Date('2026-11-01T00:00:00Z'),
    createdBy: 'attendee',
    visioUrl: null,
    refusalReason: null,
    cancelledBy: null,
    cancellationReason: null,
    motiveTitle: null,
    proposal: null,
    pro: {
      id: PRO.id,
      civility: null,
      firstName: 'Élodie',
      lastName: 'Martin',
      email: 'elodie@example.test',
      telephone: null,
      userUri: 'elodie-martin',
      teamId: null,
      teamName: null,
      mailCopyActivated: false,
      copyEmails: [],
      street: null,
      postalCode: null,
      cityName: null,
    },
    attendee: {
      email: 'claire@example.test',
      firstName: 'Claire',
      lastName: 'D.',
      phone: null,
      civility: null,
    },
  };
}

/** The service with its writes run in a fake transaction on `current`, the appointment as stored. */
function setup(current: AppointmentRecord) {
  const { sut, mocks } = newTestService(ProfessionalBookingService, [{ JWT_SECRET: 'x'.repeat(32) }]);
  const writes = mocks(BookingWrites);
  const tx = {};
  writes.transaction.mockImplementation((work: (tx: never) => Promise<unknown>) => work(tx as never));
  writes.ownedForUpdate.mockResolvedValue(current);
  writes.answer.mockImplementation(async (_tx: unknown, _id: string, message: string) => ({
    message,
    event: presentAppointment(current, 'professional'),
  }));
  mocks(AppointmentRecords).find.mockResolvedValue(current);
  return { sut, writes, repository: mocks(BookingRepository), refusal: mocks(BookingRefusal) };
}

describe('ProfessionalBookingService', () => {
  it('validates a pending request: status confirmed and the client told', async () => {
    const { sut, writes, repository } = setup(record('pending', 24));
    const answer = await sut.validate(PRO, ID);
    expect(answer.message).toBe('Le rendez-vous est validé ; le client reçoit un email de confirmation');
    expect(repository.setStatus).toHaveBeenCalledWith(expect.anything(), ID, 'confirmed');
    // The appointment's state as it now stands travels along (no read back to decide on a meeting link).
    expect(writes.notify).toHaveBeenCalledWith(
      expect.anything(),
      { event: 'validated', appointmentId: ID },
      expect.objectContaining({ status: 'confirmed' }),
    );
  });

  it('answers a second validation without writing or mailing again', async () => {
    const { sut, writes, repository } = setup(record('confirmed', 24));
    await expect(sut.validate(PRO, ID)).resolves.toMatchObject({ message: 'Ce rendez-vous est déjà validé' });
    expect(repository.setStatus).not.toHaveBeenCalled();
    expect(writes.notify).not.toHaveBeenCalled();
  });

  it('refuses to validate a request whose time has passed', async () => {
    const { sut, repository } = setup(record('pending', -2));
    await expect(sut.validate(PRO, ID)).rejects.toMatchObject({ message: 'Ce rendez-vous est passé' });
    expect(repository.setStatus).not.toHaveBeenCalled();
  });

  it('refuses a pending request with its reason trimmed, and will not refuse a validated one', async () => {
    const pending = setup(record('pending', 24));
    await pending.sut.refuse(PRO, ID, '  Indisponible ce jour-là  ');
    // The one refusal path (status, refund, mail, calendar), shared with the expiry of unanswered paid requests.
    expect(pending.refusal.refusePending).toHaveBeenCalledWith(
      expect.anything(),
      ID,
      'Indisponible ce jour-là',
    );
    const confirmed = setup(record('confirmed', 24));
    await expect(confirmed.sut.refuse(PRO, ID)).rejects.toMatchObject({
      message: 'Ce rendez-vous est déjà validé : annulez-le plutôt',
    });
    expect(confirmed.refusal.refusePending).not.toHaveBeenCalled();
  });

  it('moves an appointment keeping its length when no end is given', async () => {
    const current = record('confirmed', 24);
    const { sut, repository, writes } = setup(current);
    const start = new Date(current.startsAt.getTime() + 2 * HOUR);
    await sut.move(PRO, ID, { start: start.toISOString() });
    expect(repository.move).toHaveBeenCalledWith(
      expect.anything(),
      ID,
      start,
      new Date(start.getTime() + HOUR),
    );
    expect(writes.notify).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ event: 'moved', previousStart: current.startsAt.toISOString() }),
    );
  });
});
