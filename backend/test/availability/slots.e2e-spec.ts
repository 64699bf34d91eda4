import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DateTime } from 'luxon';
import request from 'supertest';
import { SlotsService } from '../../src/modules/availability/slots.service';
import { createTestApp } from '../app';
import {
  bearer,
  countQueries,
  createProfessional,
  nextWeekday,
  poolOf,
  type TestProfessional,
} from './availability-fixtures';

const ZONE = 'Europe/Paris';
const local = (date: string, time: string) =>
  DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toISO({ suppressMilliseconds: true })!;

/** Last Sunday of March (spring-forward day in Paris) still ahead of now. */
function nextSpringForwardSunday(): string {
  let year = DateTime.now().year;
  for (;;) {
    let day = DateTime.fromObject({ year, month: 3, day: 31 }, { zone: ZONE });
    while (day.weekday !== 7) day = day.minus({ days: 1 });
    if (day > DateTime.now().plus({ days: 2 })) return day.toISODate()!;
    year++;
  }
}

describe('Public slot reads', () => {
  let app: NestFastifyApplication;
  let pro: TestProfessional;
  let calendarId: string;
  let motiveId: string;
  const monday = nextWeekday(1, 8);
  const http = () => request(app.getHttpServer());
  const slotsOf = (query: string, id = () => pro.id) => http().get(`/api/v1/users/${id()}/slots?${query}`);

  async function setUpProfessional(
    target: TestProfessional,
    ranges: object[],
    motive: object = {},
  ): Promise<{ calendarId: string; motiveId: string }> {
    const calendar = await http()
      .post(`/api/v1/users/${target.id}/calendars`)
      .set(bearer(target.token))
      .send({ name: 'Cabinet' })
      .expect(201);
    const created = await http()
      .post(`/api/v1/users/${target.id}/motives`)
      .set(bearer(target.token))
      .send({ title: 'Consultation', durationMinutes: 60, notAfterMonths: 12, ...motive })
      .expect(201);
    await http()
      .put(`/api/v1/calendars/${calendar.body.id}/weekly-availabilities`)
      .set(bearer(target.token))
      .send({ ranges })
      .expect(200);
    return { calendarId: calendar.body.id, motiveId: created.body.id };
  }

  async function insertAppointment(
    userId: string,
    calendar: string,
    startsAt: string,
    endsAt: string,
    status: string,
  ) {
    await poolOf(app).query(
      `INSERT INTO appointments (ref_appointment, user_id, calendar_id, status, starts_at, ends_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [randomBytes(16).toString('base64url'), userId, calendar, status, startsAt, endsAt],
    );
  }

  beforeAll(async () => {
    app = await createTestApp();
    pro = await createProfessional(app);
    ({ calendarId, motiveId } = await setUpProfessional(pro, [
      { weekday: 1, startTime: '09:00', endTime: '12:00' },
      { weekday: 7, startTime: '09:00', endTime: '12:00' },
    ]));
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives the free start times of a day as ISO instants with the Paris offset', async () => {
    const response = await slotsOf(`motiveId=${motiveId}&from=${monday}&to=${monday}`).expect(200);
    expect(response.body).toEqual({
      userId: pro.id,
      motiveId,
      calendarId,
      timezone: ZONE,
      slots: ['09:00', '10:00', '11:00'].map((t, i) => ({
        start: local(monday, t),
        end: local(monday, ['10:00', '11:00', '12:00'][i]),
      })),
    });
  });

  it('keeps local opening hours on the spring-forward Sunday (offset +02:00)', async () => {
    const sunday = nextSpringForwardSunday();
    const response = await slotsOf(`motiveId=${motiveId}&from=${sunday}&to=${sunday}`).expect(200);
    expect(response.body.slots.map((s: { start: string }) => s.start)).toEqual([
      `${sunday}T09:00:00+02:00`,
      `${sunday}T10:00:00+02:00`,
      `${sunday}T11:00:00+02:00`,
    ]);
  });

  it('hides a slot held by an appointment awaiting validation, not one held by a refused appointment', async () => {
    await insertAppointment(pro.id, calendarId, local(monday, '10:00'), local(monday, '11:00'), 'pending');
    await insertAppointment(pro.id, calendarId, local(monday, '11:00'), local(monday, '12:00'), 'refused');
    const response = await slotsOf(`motiveId=${motiveId}&from=${monday}&to=${monday}`).expect(200);
    expect(response.body.slots.map((s: { start: string }) => s.start)).toEqual([
      local(monday, '09:00'),
      local(monday, '11:00'),
    ]);
  });

  it('hides slots during an unavailability period and during external busy times', async () => {
    const nextMonday = DateTime.fromISO(monday).plus({ weeks: 1 }).toISODate()!;
    await http()
      .post(`/api/v1/users/${pro.id}/unavailabilities`)
      .set(bearer(pro.token))
      .send({ startsAt: local(nextMonday, '09:00'), endsAt: local(nextMonday, '10:00') })
      .expect(201);
    await poolOf(app).query(
      `INSERT INTO external_busy_times (user_id, source, external_id, starts_at, ends_at) VALUES ($1, 'google', 'evt-1', $2, $3)`,
      [pro.id, local(nextMonday, '11:15'), local(nextMonday, '11:45')],
    );
    const response = await slotsOf(`motiveId=${motiveId}&from=${nextMonday}&to=${nextMonday}`).expect(200);
    expect(response.body.slots.map((s: { start: string }) => s.start)).toEqual([local(nextMonday, '10:00')]);
  });

  it('closes the days of a holiday period', async () => {
    const inThreeWeeks = DateTime.fromISO(monday).plus({ weeks: 3 }).toISODate()!;
    await http()
      .post(`/api/v1/users/${pro.id}/holidays`)
      .set(bearer(pro.token))
      .send({ startsOn: inThreeWeeks, endsOn: inThreeWeeks })
      .expect(201);
    const response = await slotsOf(`motiveId=${motiveId}&from=${inThreeWeeks}&to=${inThreeWeeks}`).expect(
      200,
    );
    expect(response.body.slots).toEqual([]);
  });

  it('uses the first active motive and the default calendar when none is named', async () => {
    const response = await slotsOf(`from=${monday}&to=${monday}`).expect(200);
    expect(response.body).toMatchObject({ motiveId, calendarId });
  });

  it('offers nothing in a mode the professional has switched off', async () => {
    const response = await slotsOf(`motiveId=${motiveId}&from=${monday}&to=${monday}&mode=visio`).expect(200);
    expect(response.body.slots).toEqual([]);
  });

  it('answers with one SQL query', async () => {
    const { result, queries } = await countQueries(app, () =>
      slotsOf(
        `motiveId=${motiveId}&from=${monday}&to=${DateTime.fromISO(monday).plus({ days: 60 }).toISODate()}`,
      ).expect(200),
    );
    expect(result.body.slots.length).toBeGreaterThan(10);
    expect(queries).toBe(1);
  });

  it('lists the motives a visitor can book, with the modes switched on', async () => {
    await http()
      .post(`/api/v1/users/${pro.id}/motives`)
      .set(bearer(pro.token))
      .send({ title: 'Visio seulement', durationMinutes: 30, inPersonAllowed: false, visioAllowed: true })
      .expect(201);
    await http()
      .post(`/api/v1/users/${pro.id}/motives`)
      .set(bearer(pro.token))
      .send({ title: 'Archivé', durationMinutes: 30, isActive: false })
      .expect(201);
    const before = await http().get(`/api/v1/users/${pro.id}/booking-motives`).expect(200);
    expect(before.body).toEqual([
      {
        id: motiveId,
        title: 'Consultation',
        durationMinutes: 60,
        modes: ['in_person'],
        // A free motive: no price, the default cancellation terms, no legal aid.
        priceCents: null,
        paymentRule: 'free',
        cancellationDeadlineHours: 24,
        lateCancellationRefund: 'none',
        acceptsLegalAid: false,
      },
    ]);
    await http()
      .put(`/api/v1/users/${pro.id}/availability-settings`)
      .set(bearer(pro.token))
      .send({ visioEnabled: true })
      .expect(200);
    const after = await http().get(`/api/v1/users/${pro.id}/booking-motives`).expect(200);
    expect(after.body.map((m: { title: string; modes: string[] }) => [m.title, m.modes])).toEqual([
      ['Consultation', ['in_person']],
      ['Visio seulement', ['visio']],
    ]);
    await http()
      .put(`/api/v1/users/${pro.id}/availability-settings`)
      .set(bearer(pro.token))
      .send({ visioEnabled: false })
      .expect(200);
  });

  it('tells booking whether an exact start is free (SlotsService.findFreeSlot)', async () => {
    const service = app.get(SlotsService);
    const day = DateTime.fromISO(monday).plus({ weeks: 4 }).toISODate()!;
    const free = await service.findFreeSlot({
      userId: pro.id,
      motiveId,
      start: new Date(local(day, '09:00')),
    });
    expect(free).toEqual({
      start: local(day, '09:00'),
      end: local(day, '10:00'),
      calendarId,
      timezone: ZONE,
      durationMinutes: 60,
    });
    // Any free start on the 5-minute grid is bookable (an earlier booking may have moved the motive's grid);
    // a start off that grid is not.
    expect(
      await service.findFreeSlot({ userId: pro.id, motiveId, start: new Date(local(day, '09:30')) }),
    ).toMatchObject({ start: local(day, '09:30'), end: local(day, '10:30') });
    expect(
      await service.findFreeSlot({ userId: pro.id, motiveId, start: new Date(local(day, '09:32')) }),
    ).toBeNull();
    expect(
      await service.findFreeSlot({
        userId: pro.id,
        motiveId,
        start: new Date(local(day, '09:00')),
        mode: 'phone',
      }),
    ).toBeNull();
    await insertAppointment(pro.id, calendarId, local(day, '09:00'), local(day, '10:00'), 'pending');
    expect(
      await service.findFreeSlot({ userId: pro.id, motiveId, start: new Date(local(day, '09:00')) }),
    ).toBeNull();
  });

  describe('bad input answers 400 with a French message', () => {
    it.each([
      ['motiveId=00000000-0000-4000-8000-000000000000', 'UNKNOWN_MOTIVE', 'Motif inconnu'],
      ['motiveId=abc', 'VALIDATION_FAILED', 'Identifiant de motif invalide'],
      ['calendarId=00000000-0000-4000-8000-000000000000', 'UNKNOWN_CALENDAR', 'Calendrier inconnu'],
      ['from=2027-01-10&to=2027-01-05', 'INVALID_RANGE', 'La fin de la période doit être après son début'],
      [
        'from=2027-01-01&to=2027-06-01',
        'RANGE_TOO_LONG',
        'La période demandée ne peut pas dépasser 90 jours',
      ],
      [
        'from=demain',
        'VALIDATION_FAILED',
        'from doit être une date AAAA-MM-JJ ou une date et heure ISO 8601',
      ],
      ['from=2027-02-30', 'VALIDATION_FAILED', 'Date invalide : 2027-02-30'],
      ['mode=fax', 'VALIDATION_FAILED', 'Le mode doit être in_person, visio ou phone'],
      ['page=2', 'VALIDATION_FAILED', 'Champ non autorisé : page'],
    ])('%s', async (query, code, message) => {
      const response = await slotsOf(query).expect(400);
      expect(response.body).toEqual({ statusCode: 400, code, message });
    });

    it('refuses the motive of another professional', async () => {
      const other = await createProfessional(app);
      const theirs = await setUpProfessional(other, []);
      const response = await slotsOf(`motiveId=${theirs.motiveId}`).expect(400);
      expect(response.body.code).toBe('UNKNOWN_MOTIVE');
    });

    it('answers 404 for an unknown professional', async () => {
      const response = await slotsOf('', () => '00000000-0000-4000-8000-000000000000').expect(404);
      expect(response.body).toMatchObject({ code: 'USER_NOT_FOUND', message: 'Professionnel introuvable' });
    });
  });

  describe('GET /api/v1/slots/next', () => {
    it('gives the next slots of several professionals in one request with at most 2 queries', async () => {
      const busy = await createProfessional(app);
      await setUpProfessional(busy, [{ weekday: 3, startTime: '14:00', endTime: '16:00' }], {
        durationMinutes: 30,
      });
      const closed = await createProfessional(app);
      await setUpProfessional(closed, []);
      const unknown = '00000000-0000-4000-8000-000000000000';
      const ids = [pro.id, busy.id, closed.id, unknown].join(',');
      const { result, queries } = await countQueries(app, () =>
        http().get(`/api/v1/slots/next?userIds=${ids}&limit=2`).expect(200),
      );
      expect(queries).toBeLessThanOrEqual(2);
      expect(result.body.items.map((i: { userId: string }) => i.userId)).toEqual([
        pro.id,
        busy.id,
        closed.id,
      ]);
      const [first, second, third] = result.body.items;
      expect(first.slots).toHaveLength(2);
      expect(second.slots).toHaveLength(2);
      // Wednesdays 14:00-16:00 (Paris): the first half-hour still ahead; on a Wednesday afternoon it is a
      // later one of today, otherwise 14:00 of the next Wednesday.
      expect(second.slots[0].start).toMatch(/T1[45]:[03]0:00\+0[12]:00$/);
      expect(new Date(second.slots[0].start).getUTCDay()).toBe(3);
      expect(third.slots).toEqual([]);
      for (const slot of [...first.slots, ...second.slots])
        expect(Date.parse(slot.start)).toBeGreaterThan(Date.now());
    });

    it('keeps the number of queries bounded for 20 professionals', async () => {
      const pros = await Promise.all(Array.from({ length: 20 }, () => createProfessional(app)));
      for (const p of pros)
        await setUpProfessional(p, [{ weekday: 5, startTime: '09:00', endTime: '10:00' }]);
      const ids = pros.map((p) => p.id).join(',');
      const { result, queries } = await countQueries(app, () =>
        http().get(`/api/v1/slots/next?userIds=${ids}&limit=3`).expect(200),
      );
      expect(result.body.items).toHaveLength(20);
      for (const item of result.body.items) expect(item.slots).toHaveLength(3);
      expect(queries).toBeLessThanOrEqual(2);
    });

    it.each([
      ['userIds=', 'userIds est obligatoire'],
      ['userIds=abc', 'Identifiant de professionnel invalide'],
      [
        `userIds=${Array.from({ length: 21 }, () => '00000000-0000-4000-8000-000000000000').join(',')}`,
        'Au plus 20 professionnels par requête',
      ],
      ['userIds=00000000-0000-4000-8000-000000000000&limit=0', 'limit doit être un entier entre 1 et 10'],
    ])('refuses %s with 400', async (query, message) => {
      const response = await http().get(`/api/v1/slots/next?${query}`).expect(400);
      expect(response.body.message).toBe(message);
    });
  });

  describe('appointments table guarantee (used by booking)', () => {
    it('refuses two overlapping appointments that hold a slot (SQLSTATE 23P01), accepts back-to-back and released ones', async () => {
      const day = DateTime.fromISO(monday).plus({ weeks: 2 }).toISODate()!;
      await insertAppointment(pro.id, calendarId, local(day, '09:00'), local(day, '10:00'), 'confirmed');
      await expect(
        insertAppointment(pro.id, calendarId, local(day, '09:30'), local(day, '10:30'), 'pending'),
      ).rejects.toMatchObject({
        code: '23P01',
      });
      await insertAppointment(pro.id, calendarId, local(day, '10:00'), local(day, '11:00'), 'pending');
      await insertAppointment(pro.id, calendarId, local(day, '09:30'), local(day, '10:30'), 'cancelled');
      const overlaps = await poolOf(app).query(
        `SELECT 1 FROM appointments a JOIN appointments b ON a.user_id = b.user_id AND a.id < b.id
         WHERE a.status IN ('pending','confirmed') AND b.status IN ('pending','confirmed')
           AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)')`,
      );
      expect(overlaps.rows).toEqual([]);
    });
  });
});
