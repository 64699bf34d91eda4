import { newTestService } from '../../../test/support/new-test-service';
import { Clock } from '../identity';
import { AccountsRepository, type AttendeeRow } from './accounts.repository';
import { AttendeesService } from './attendees.service';

const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_CLIENT_ID = '22222222-2222-4222-8222-222222222222';
const PRO_ID = '33333333-3333-4333-8333-333333333333';

const client: AttendeeRow = {
  id: CLIENT_ID,
  civility: 'Mme',
  email: 'claire@example.test',
  passwordHash: 'hash',
  firstName: 'Claire',
  lastName: 'Martin',
  birthdate: '1985-04-12',
  phone: '+33612345678',
  phoneCountryCode: 'FR',
  phoneVerifiedAt: new Date('2026-01-10T09:00:00Z'),
  cguAcceptedAt: new Date('2026-01-01T00:00:00Z'),
  pendingEmail: null,
  companyName: null,
  companySiret: null,
  isActive: true,
  privacyAcceptedAt: new Date('2026-01-01T00:00:00Z'),
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
};

function setup() {
  const { sut, mocks } = newTestService(AttendeesService, [{ JWT_SECRET: 'x'.repeat(32) }]);
  const repository = mocks(AccountsRepository);
  repository.findAttendeeById.mockResolvedValue(client);
  repository.attendeeEmailTaken.mockResolvedValue(false);
  repository.updateAttendee.mockImplementation(async (_id: string, patch: Partial<AttendeeRow>) => ({
    ...client,
    ...patch,
  }));
  mocks(Clock).now.mockReturnValue(new Date('2026-11-27T08:00:00Z'));
  return { sut, repository };
}

describe('AttendeesService', () => {
  describe('who reads a client', () => {
    it('lets a professional read a client they have an appointment with', async () => {
      const { sut, repository } = setup();
      repository.userHasAppointmentWith.mockResolvedValue(true);
      const view = await sut.getAttendee({ kind: 'user', id: PRO_ID }, CLIENT_ID);
      expect(view.phone).toBe('+33612345678');
      expect(repository.userHasAppointmentWith).toHaveBeenCalledWith(PRO_ID, CLIENT_ID);
    });

    it('refuses a professional without an appointment with the client, before reading the row', async () => {
      const { sut, repository } = setup();
      repository.userHasAppointmentWith.mockResolvedValue(false);
      await expect(sut.getAttendee({ kind: 'user', id: PRO_ID }, CLIENT_ID)).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      expect(repository.findAttendeeById).not.toHaveBeenCalled();
    });

    it('refuses another client and lets an administrator read anyone', async () => {
      const { sut } = setup();
      await expect(
        sut.getAttendee({ kind: 'attendee', id: OTHER_CLIENT_ID }, CLIENT_ID),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(sut.getAttendee({ kind: 'admin', id: PRO_ID }, CLIENT_ID)).resolves.toMatchObject({
        _id: CLIENT_ID,
      });
    });
  });

  describe('profile updates', () => {
    it('refuses a birthdate in the future and writes nothing', async () => {
      const { sut, repository } = setup();
      await expect(
        sut.updateAttendee({ kind: 'attendee', id: CLIENT_ID }, CLIENT_ID, { birthdate: '2030-01-01' }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'La date de naissance est invalide' });
      expect(repository.updateAttendee).not.toHaveBeenCalled();
    });

    it('keeps the phone verified when the same number is sent in another format', async () => {
      const { sut, repository } = setup();
      const view = await sut.updateAttendee({ kind: 'attendee', id: CLIENT_ID }, CLIENT_ID, {
        phone: '06 12 34 56 78',
        first_name: 'Claire-Marie',
      });
      expect(view.phoneVerifiedAt).toBe('2026-01-10T09:00:00.000Z');
      expect(repository.updateAttendee).toHaveBeenCalledWith(
        CLIENT_ID,
        expect.not.objectContaining({ phoneVerifiedAt: null }),
      );
    });

    it('resets the verification when the number changes', async () => {
      const { sut } = setup();
      const view = await sut.updateAttendee({ kind: 'attendee', id: CLIENT_ID }, CLIENT_ID, {
        phone: '06 98 76 54 32',
      });
      expect(view).toMatchObject({ phone: '+33698765432', phoneVerifiedAt: null });
    });

    it('moves a client’s own address only through the mailed link; an administrator may set it', async () => {
      const { sut, repository } = setup();
      await expect(
        sut.updateAttendee({ kind: 'attendee', id: CLIENT_ID }, CLIENT_ID, { email: 'autre@example.test' }),
      ).rejects.toMatchObject({ code: 'EMAIL_CHANGE_NEEDS_CONFIRMATION' });
      expect(repository.updateAttendee).not.toHaveBeenCalled();
      await expect(
        sut.updateAttendee({ kind: 'admin', id: PRO_ID }, CLIENT_ID, { email: 'autre@example.test' }),
      ).resolves.toMatchObject({ email: 'autre@example.test' });
    });

    it('refuses to update another client', async () => {
      const { sut, repository } = setup();
      await expect(
        sut.updateAttendee({ kind: 'attendee', id: OTHER_CLIENT_ID }, CLIENT_ID, { first_name: 'X' }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(repository.updateAttendee).not.toHaveBeenCalled();
    });
  });
});
