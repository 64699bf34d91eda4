import { DomainError } from '../../common/domain-error';
import type { AvailabilityRepository, SlotContextRow } from './availability.repository';
import { assertWeekRanges } from './agenda-rules';
import { SlotsService } from './slots.service';

const USER = '11111111-1111-4111-8111-111111111111';
const MOTIVE = '22222222-2222-4222-8222-222222222222';
const CALENDAR = '33333333-3333-4333-8333-333333333333';

function context(overrides: Partial<SlotContextRow> = {}): SlotContextRow {
  return {
    userId: USER,
    timezone: 'Europe/Paris',
    country: 'FR',
    isPublic: true,
    acceptsOnlineBooking: true,
    inPersonEnabled: true,
    visioEnabled: false,
    visioLinkAvailable: true,
    phoneEnabled: false,
    amplitudeStart: null,
    amplitudeEnd: null,
    holidayCountry: null,
    motive: {
      id: MOTIVE,
      durationMinutes: 60,
      noticeMinutes: 0,
      notBeforeHour: null,
      notAfterMonths: 3,
      inPersonAllowed: true,
      visioAllowed: false,
      phoneAllowed: false,
      isActive: true,
    },
    calendarId: CALENDAR,
    rules: [1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      startTime: '09:00:00',
      endTime: '12:00:00',
      motiveIds: null,
    })),
    workedMonths: [],
    holidays: [],
    blocks: [],
    ...overrides,
  };
}

function serviceWith(contexts: SlotContextRow[]) {
  const repository = {
    slotContexts: jest.fn().mockResolvedValue(contexts),
    blocks: jest.fn().mockResolvedValue([]),
  };
  return { service: new SlotsService(repository as unknown as AvailabilityRepository), repository };
}

const monday = new Date('2026-03-02T06:00:00Z');

describe(SlotsService.name, () => {
  describe('slots', () => {
    it('computes the slots of the asked local dates from one repository read', async () => {
      const { service, repository } = serviceWith([context()]);
      const answer = await service.slots(USER, { from: '2026-03-02', to: '2026-03-02' }, monday);
      expect(answer.slots.map((s) => s.start)).toEqual([
        '2026-03-02T09:00:00+01:00',
        '2026-03-02T10:00:00+01:00',
        '2026-03-02T11:00:00+01:00',
      ]);
      expect(repository.slotContexts).toHaveBeenCalledTimes(1);
      expect(repository.blocks).not.toHaveBeenCalled();
    });

    it('refuses a range over 90 days before reading anything', async () => {
      const { service, repository } = serviceWith([context()]);
      await expect(
        service.slots(USER, { from: '2026-03-01', to: '2026-06-30' }, monday),
      ).rejects.toMatchObject({
        code: 'RANGE_TOO_LONG',
        status: 400,
      });
      expect(repository.slotContexts).not.toHaveBeenCalled();
    });

    it('offers nothing when the professional does not take online booking', async () => {
      const { service } = serviceWith([context({ acceptsOnlineBooking: false })]);
      expect((await service.slots(USER, { from: '2026-03-02', to: '2026-03-02' }, monday)).slots).toEqual([]);
    });
  });

  describe('nextSlots', () => {
    it('reads once when every professional has enough slots in the first days', async () => {
      const { service, repository } = serviceWith([context()]);
      const answer = await service.nextSlots([USER], 3, monday);
      expect(answer.items[0].slots).toHaveLength(3);
      expect(repository.slotContexts).toHaveBeenCalledTimes(1);
      expect(repository.blocks).not.toHaveBeenCalled();
    });

    it('reads further only for professionals short of slots, never for those without weekly hours', async () => {
      const other = '44444444-4444-4444-8444-444444444444';
      const closed = '55555555-5555-4555-8555-555555555555';
      const { service, repository } = serviceWith([
        context(),
        context({
          userId: other,
          rules: [{ weekday: 5, startTime: '09:00', endTime: '10:00', motiveIds: null }],
        }),
        context({ userId: closed, rules: [] }),
      ]);
      const answer = await service.nextSlots([USER, other, closed], 3, monday);
      expect(answer.items.map((i) => i.slots.length)).toEqual([3, 3, 0]);
      expect(repository.blocks).toHaveBeenCalledTimes(1);
      expect(repository.blocks.mock.calls[0][0]).toEqual([other]);
    });
  });

  describe('findFreeSlot', () => {
    it('accepts a free start on the 5-minute grid (not only the motive’s) and refuses one off it', async () => {
      const { service } = serviceWith([context()]);
      const slot = await service.findFreeSlot(
        { userId: USER, motiveId: MOTIVE, start: new Date('2026-03-03T09:00:00+01:00') },
        monday,
      );
      expect(slot).toMatchObject({
        start: '2026-03-03T09:00:00+01:00',
        end: '2026-03-03T10:00:00+01:00',
        calendarId: CALENDAR,
      });
      // 09:20-10:20 is free: bookable although the page offered 09:00 and 10:00 (a moved grid).
      expect(
        await service.findFreeSlot(
          { userId: USER, motiveId: MOTIVE, start: new Date('2026-03-03T09:20:00+01:00') },
          monday,
        ),
      ).toMatchObject({ start: '2026-03-03T09:20:00+01:00', end: '2026-03-03T10:20:00+01:00' });
      expect(
        await service.findFreeSlot(
          { userId: USER, motiveId: MOTIVE, start: new Date('2026-03-03T09:22:00+01:00') },
          monday,
        ),
      ).toBeNull();
    });
  });
});

describe('assertWeekRanges', () => {
  const range = (weekday: number, startTime: string, endTime: string) => ({ weekday, startTime, endTime });

  it('accepts touching ranges and ranges on different days', () => {
    expect(() =>
      assertWeekRanges([range(1, '09:00', '12:00'), range(1, '12:00', '13:00'), range(2, '11:00', '14:00')]),
    ).not.toThrow();
  });

  it('names the day and the ranges that overlap', () => {
    expect(() => assertWeekRanges([range(5, '14:00', '18:00'), range(5, '09:00', '14:30')])).toThrow(
      new DomainError(
        'OVERLAPPING_RANGES',
        'Les plages 09:00-14:30 et 14:00-18:00 du vendredi se chevauchent',
      ),
    );
  });

  it('refuses a range that ends before it starts', () => {
    expect(() => assertWeekRanges([range(7, '10:00', '10:00')])).toThrow(
      'La plage 10:00-10:00 du dimanche doit finir après son début',
    );
  });
});
