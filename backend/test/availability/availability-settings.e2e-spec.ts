import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { AccessTokens } from '../../src/modules/identity/access-tokens';
import { createTestApp } from '../app';
import { bearer, createProfessional, poolOf, tokenFor, type TestProfessional } from './availability-fixtures';

describe('Professional availability settings API', () => {
  let app: NestFastifyApplication;
  let pro: TestProfessional;
  let other: TestProfessional;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await createTestApp();
    pro = await createProfessional(app);
    other = await createProfessional(app);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('access', () => {
    it('refuses every professional route without a token (401)', async () => {
      for (const path of [
        'calendars',
        'motives',
        'unavailabilities',
        'holidays',
        'public-holidays',
        'availability-settings',
      ]) {
        const response = await http().get(`/api/v1/users/${pro.id}/${path}`).expect(401);
        expect(response.body.code).toBe('UNAUTHORIZED');
      }
      await http()
        .post(`/api/v1/users/${pro.id}/motives`)
        .send({ title: 'x', durationMinutes: 30 })
        .expect(401);
    });

    it('refuses an attendee token (401) and another professional (403)', async () => {
      await http()
        .get(`/api/v1/users/${pro.id}/motives`)
        .set(bearer(tokenFor('attendee', pro.id)))
        .expect(401);
      const response = await http()
        .post(`/api/v1/users/${pro.id}/motives`)
        .set(bearer(other.token))
        .send({ title: 'Intrus', durationMinutes: 30 })
        .expect(403);
      expect(response.body.code).toBe('FORBIDDEN');
      const list = await http().get(`/api/v1/users/${pro.id}/motives`).set(bearer(pro.token)).expect(200);
      expect(list.body).toEqual([]);
    });

    it('refuses a forged token signed with another secret', async () => {
      const forged = new AccessTokens('x'.repeat(64)).sign({ kind: 'user', id: pro.id });
      await http().get(`/api/v1/users/${pro.id}/motives`).set(bearer(forged)).expect(401);
    });

    it('answers 400 in French for an id that is not a UUID (an administrator; a professional is refused first)', async () => {
      const response = await http()
        .get('/api/v1/users/not-a-uuid/motives')
        .set(bearer(tokenFor('admin', pro.id)))
        .expect(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Identifiant invalide' });
      await http().get('/api/v1/users/not-a-uuid/motives').set(bearer(pro.token)).expect(403);
    });
  });

  describe('calendars', () => {
    it('makes the first calendar the default and moves the default on request', async () => {
      const first = await http()
        .post(`/api/v1/users/${pro.id}/calendars`)
        .set(bearer(pro.token))
        .send({ name: 'Cabinet' })
        .expect(201);
      expect(first.body).toMatchObject({ name: 'Cabinet', isDefault: true, position: 0 });
      const second = await http()
        .post(`/api/v1/users/${pro.id}/calendars`)
        .set(bearer(pro.token))
        .send({ name: 'Visio', color: '#1565c0', isDefault: true })
        .expect(201);
      const list = await http().get(`/api/v1/users/${pro.id}/calendars`).set(bearer(pro.token)).expect(200);
      expect(list.body.map((c: { name: string; isDefault: boolean }) => [c.name, c.isDefault])).toEqual([
        ['Cabinet', false],
        ['Visio', true],
      ]);
      await http()
        .delete(`/api/v1/users/${pro.id}/calendars/${second.body.id}`)
        .set(bearer(pro.token))
        .expect(204);
      const after = await http().get(`/api/v1/users/${pro.id}/calendars`).set(bearer(pro.token)).expect(200);
      expect(after.body).toEqual([expect.objectContaining({ name: 'Cabinet', isDefault: true })]);
    });

    it('refuses a bad colour', async () => {
      const response = await http()
        .post(`/api/v1/users/${pro.id}/calendars`)
        .set(bearer(pro.token))
        .send({ name: 'X', color: 'red' })
        .expect(400);
      expect(response.body.message).toBe('La couleur doit être au format #RRGGBB');
    });
  });

  describe('motives', () => {
    const create = (body: object) =>
      http().post(`/api/v1/users/${pro.id}/motives`).set(bearer(pro.token)).send(body);

    it('creates motives with defaults, lists them in order and reorders them', async () => {
      const a = await create({
        title: 'Première consultation',
        durationMinutes: 60,
        noticeMinutes: 1440,
        notBeforeHour: 9,
      }).expect(201);
      expect(a.body).toMatchObject({
        title: 'Première consultation',
        durationMinutes: 60,
        noticeMinutes: 1440,
        notBeforeHour: 9,
        notAfterMonths: 3,
        inPersonAllowed: true,
        visioAllowed: false,
        phoneAllowed: false,
        isActive: true,
        position: 0,
      });
      const b = await create({ title: 'Suivi', durationMinutes: 30, visioAllowed: true }).expect(201);
      expect(b.body.position).toBe(1);
      const reordered = await http()
        .put(`/api/v1/users/${pro.id}/motives/order`)
        .set(bearer(pro.token))
        .send({ motiveIds: [b.body.id, a.body.id] })
        .expect(200);
      expect(reordered.body.map((m: { title: string }) => m.title)).toEqual([
        'Suivi',
        'Première consultation',
      ]);

      const updated = await http()
        .patch(`/api/v1/users/${pro.id}/motives/${b.body.id}`)
        .set(bearer(pro.token))
        .send({ isActive: false, durationMinutes: 45 })
        .expect(200);
      expect(updated.body).toMatchObject({ isActive: false, durationMinutes: 45 });
    });

    it.each([
      [{ title: 'Court', durationMinutes: 32 }, 'La durée doit être un multiple de 5 minutes'],
      [{ title: 'Zéro', durationMinutes: 0 }, 'La durée doit être d’au moins 5 minutes'],
      [
        { title: 'Horizon', durationMinutes: 30, notAfterMonths: 0 },
        'L’horizon de réservation doit être d’au moins 1 mois',
      ],
      [
        { title: 'Heure', durationMinutes: 30, notBeforeHour: 24 },
        'L’heure minimale doit être une heure entière entre 0 et 23',
      ],
      [
        { title: 'Délai', durationMinutes: 30, noticeMinutes: -5 },
        'Le délai avant rendez-vous ne peut pas être négatif',
      ],
      [{ durationMinutes: 30 }, 'Le titre du motif est obligatoire'],
      [
        { title: 'Sans mode', durationMinutes: 30, inPersonAllowed: false },
        'Choisissez au moins un mode de rendez-vous (cabinet, visio ou téléphone)',
      ],
      [{ title: 'Inconnu', durationMinutes: 30, colour: 'red' }, 'Champ non autorisé : colour'],
    ])('refuses %j with 400 and creates nothing', async (body, message) => {
      const before = await poolOf(app).query('SELECT count(*)::int AS n FROM motives WHERE user_id = $1', [
        pro.id,
      ]);
      const response = await create(body).expect(400);
      expect(response.body.message).toBe(message);
      const after = await poolOf(app).query('SELECT count(*)::int AS n FROM motives WHERE user_id = $1', [
        pro.id,
      ]);
      expect(after.rows[0].n).toBe(before.rows[0].n);
    });

    it('refuses an update that breaks a rule, and changes nothing', async () => {
      const motive = await create({
        title: 'Visio',
        durationMinutes: 30,
        visioAllowed: true,
        inPersonAllowed: false,
      }).expect(201);
      const response = await http()
        .patch(`/api/v1/users/${pro.id}/motives/${motive.body.id}`)
        .set(bearer(pro.token))
        .send({ visioAllowed: false })
        .expect(400);
      expect(response.body.code).toBe('NO_MODE');
      const list = await http().get(`/api/v1/users/${pro.id}/motives`).set(bearer(pro.token)).expect(200);
      expect(list.body.find((m: { id: string }) => m.id === motive.body.id).visioAllowed).toBe(true);
    });

    it('refuses a reorder that forgets a motive', async () => {
      const list = await http().get(`/api/v1/users/${pro.id}/motives`).set(bearer(pro.token)).expect(200);
      const response = await http()
        .put(`/api/v1/users/${pro.id}/motives/order`)
        .set(bearer(pro.token))
        .send({ motiveIds: [list.body[0].id] })
        .expect(400);
      expect(response.body.code).toBe('INVALID_MOTIVE_ORDER');
    });

    it('answers 404 for a motive of another professional', async () => {
      const theirs = await http()
        .post(`/api/v1/users/${other.id}/motives`)
        .set(bearer(other.token))
        .send({ title: 'Autre', durationMinutes: 30 })
        .expect(201);
      await http()
        .delete(`/api/v1/users/${pro.id}/motives/${theirs.body.id}`)
        .set(bearer(pro.token))
        .expect(404);
    });
  });

  describe('weekly availabilities', () => {
    let calendarId: string;
    const week = (ranges: object[], token = pro.token, id = () => calendarId) =>
      http().put(`/api/v1/calendars/${id()}/weekly-availabilities`).set(bearer(token)).send({ ranges });

    beforeAll(async () => {
      const list = await http().get(`/api/v1/users/${pro.id}/calendars`).set(bearer(pro.token)).expect(200);
      calendarId = list.body[0].id;
    });

    it('replaces the whole week and reads it back in order', async () => {
      const motives = await http().get(`/api/v1/users/${pro.id}/motives`).set(bearer(pro.token)).expect(200);
      const response = await week([
        { weekday: 2, startTime: '14:00', endTime: '18:00' },
        { weekday: 1, startTime: '09:00', endTime: '12:30' },
        { weekday: 1, startTime: '12:30', endTime: '13:00', motiveIds: [motives.body[0].id] },
      ]).expect(200);
      expect(response.body).toEqual({
        calendarId,
        ranges: [
          { weekday: 1, startTime: '09:00', endTime: '12:30', motiveIds: null },
          { weekday: 1, startTime: '12:30', endTime: '13:00', motiveIds: [motives.body[0].id] },
          { weekday: 2, startTime: '14:00', endTime: '18:00', motiveIds: null },
        ],
      });
      const read = await http()
        .get(`/api/v1/calendars/${calendarId}/weekly-availabilities`)
        .set(bearer(pro.token))
        .expect(200);
      expect(read.body.ranges).toHaveLength(3);
    });

    it.each([
      [
        [{ weekday: 1, startTime: '12:00', endTime: '09:00' }],
        'INVALID_RANGE',
        'La plage 12:00-09:00 du lundi doit finir après son début',
      ],
      [
        [
          { weekday: 3, startTime: '09:00', endTime: '12:00' },
          { weekday: 3, startTime: '11:00', endTime: '13:00' },
        ],
        'OVERLAPPING_RANGES',
        'Les plages 09:00-12:00 et 11:00-13:00 du mercredi se chevauchent',
      ],
      [
        [{ weekday: 8, startTime: '09:00', endTime: '10:00' }],
        'VALIDATION_FAILED',
        'Le jour doit être un entier de 1 (lundi) à 7 (dimanche)',
      ],
      [
        [{ weekday: 1, startTime: '9h', endTime: '10:00' }],
        'VALIDATION_FAILED',
        'L’heure de début doit être au format HH:mm',
      ],
      [
        [
          {
            weekday: 1,
            startTime: '09:00',
            endTime: '10:00',
            motiveIds: ['00000000-0000-4000-8000-000000000000'],
          },
        ],
        'UNKNOWN_MOTIVE',
        'Motif inconnu',
      ],
    ])('refuses %j with 400 and keeps the week unchanged', async (ranges, code, message) => {
      const response = await week(ranges).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, code, message });
      const read = await http()
        .get(`/api/v1/calendars/${calendarId}/weekly-availabilities`)
        .set(bearer(pro.token))
        .expect(200);
      expect(read.body.ranges).toHaveLength(3);
    });

    it('answers 404 for the week of a calendar that is not yours, as for one that does not exist', async () => {
      await week([], other.token).expect(404);
      await week([], pro.token, () => '00000000-0000-4000-8000-000000000000').expect(404);
    });
  });

  describe('unavailability periods and holidays', () => {
    it('creates, lists and deletes an unavailability period', async () => {
      const created = await http()
        .post(`/api/v1/users/${pro.id}/unavailabilities`)
        .set(bearer(pro.token))
        .send({
          startsAt: '2027-03-10T14:00:00+01:00',
          endsAt: '2027-03-10T18:00:00+01:00',
          reason: 'Audience',
        })
        .expect(201);
      expect(created.body).toMatchObject({
        startsAt: '2027-03-10T13:00:00.000Z',
        endsAt: '2027-03-10T17:00:00.000Z',
        reason: 'Audience',
        calendarId: null,
      });
      const list = await http()
        .get(`/api/v1/users/${pro.id}/unavailabilities`)
        .set(bearer(pro.token))
        .expect(200);
      expect(list.body).toHaveLength(1);
      await http()
        .delete(`/api/v1/users/${pro.id}/unavailabilities/${created.body.id}`)
        .set(bearer(pro.token))
        .expect(204);
      await http()
        .delete(`/api/v1/users/${pro.id}/unavailabilities/${created.body.id}`)
        .set(bearer(pro.token))
        .expect(404);
    });

    it.each([
      [
        { startsAt: '2027-03-10T18:00:00+01:00', endsAt: '2027-03-10T14:00:00+01:00' },
        'La fin doit être après le début',
      ],
      [
        { startsAt: 'demain', endsAt: '2027-03-10T14:00:00+01:00' },
        'Le début doit être une date et heure ISO 8601',
      ],
      [
        {
          startsAt: '2027-03-10T14:00:00+01:00',
          endsAt: '2027-03-10T18:00:00+01:00',
          calendarId: '00000000-0000-4000-8000-000000000000',
        },
        'Calendrier inconnu',
      ],
    ])('refuses the unavailability %j with 400 and creates nothing', async (body, message) => {
      const response = await http()
        .post(`/api/v1/users/${pro.id}/unavailabilities`)
        .set(bearer(pro.token))
        .send(body)
        .expect(400);
      expect(response.body.message).toBe(message);
      const list = await http()
        .get(`/api/v1/users/${pro.id}/unavailabilities`)
        .set(bearer(pro.token))
        .expect(200);
      expect(list.body).toEqual([]);
    });

    it('creates holidays and refuses an end before the start or an impossible date', async () => {
      const created = await http()
        .post(`/api/v1/users/${pro.id}/holidays`)
        .set(bearer(pro.token))
        .send({ startsOn: '2027-08-02', endsOn: '2027-08-20', label: 'Été' })
        .expect(201);
      expect(created.body).toMatchObject({ startsOn: '2027-08-02', endsOn: '2027-08-20', label: 'Été' });
      const backwards = await http()
        .post(`/api/v1/users/${pro.id}/holidays`)
        .set(bearer(pro.token))
        .send({ startsOn: '2027-08-20', endsOn: '2027-08-02' })
        .expect(400);
      expect(backwards.body.message).toBe('La date de fin doit être le jour du début ou après');
      const impossible = await http()
        .post(`/api/v1/users/${pro.id}/holidays`)
        .set(bearer(pro.token))
        .send({ startsOn: '2027-02-30', endsOn: '2027-03-02' })
        .expect(400);
      expect(impossible.body.message).toBe('Date invalide : 2027-02-30');
      const list = await http().get(`/api/v1/users/${pro.id}/holidays`).set(bearer(pro.token)).expect(200);
      expect(list.body).toHaveLength(1);
    });
  });

  describe('public holidays and settings', () => {
    it('lists the French public holidays of a year and marks a month worked', async () => {
      const before = await http()
        .get(`/api/v1/users/${pro.id}/public-holidays?year=2027`)
        .set(bearer(pro.token))
        .expect(200);
      expect(before.body.country).toBe('FR');
      expect(before.body.holidays).toContainEqual({
        date: '2027-07-14',
        name: expect.stringMatching(/Fête Nationale/i),
        month: '2027-07',
        worked: false,
      });
      await http()
        .put(`/api/v1/users/${pro.id}/public-holidays/2027-07`)
        .set(bearer(pro.token))
        .send({ worked: true })
        .expect(200);
      const after = await http()
        .get(`/api/v1/users/${pro.id}/public-holidays?year=2027`)
        .set(bearer(pro.token))
        .expect(200);
      expect(after.body.workedMonths).toEqual(['2027-07']);
      expect(after.body.holidays.find((h: { date: string }) => h.date === '2027-07-14').worked).toBe(true);
      const bad = await http()
        .put(`/api/v1/users/${pro.id}/public-holidays/2027-13`)
        .set(bearer(pro.token))
        .send({ worked: true })
        .expect(400);
      expect(bad.body.message).toBe('Le mois doit être au format AAAA-MM');
    });

    it('follows the holiday country of the settings (Belgium: 21 July)', async () => {
      await http()
        .put(`/api/v1/users/${other.id}/availability-settings`)
        .set(bearer(other.token))
        .send({ holidayCountry: 'BE' })
        .expect(200);
      const response = await http()
        .get(`/api/v1/users/${other.id}/public-holidays?year=2027`)
        .set(bearer(other.token))
        .expect(200);
      expect(response.body.country).toBe('BE');
      expect(response.body.holidays.map((h: { date: string }) => h.date)).toContain('2027-07-21');
      expect(response.body.holidays.map((h: { date: string }) => h.date)).not.toContain('2027-07-14');
    });

    it('saves the amplitude and the visio / phone switches, and refuses an amplitude ending before it starts', async () => {
      const initial = await http()
        .get(`/api/v1/users/${pro.id}/availability-settings`)
        .set(bearer(pro.token))
        .expect(200);
      expect(initial.body).toEqual({
        amplitudeStart: null,
        amplitudeEnd: null,
        visioEnabled: false,
        phoneEnabled: false,
        holidayCountry: null,
        effectiveHolidayCountry: 'FR',
        timezone: 'Europe/Paris',
      });
      const saved = await http()
        .put(`/api/v1/users/${pro.id}/availability-settings`)
        .set(bearer(pro.token))
        .send({ amplitudeStart: '08:30', amplitudeEnd: '19:30', visioEnabled: true })
        .expect(200);
      expect(saved.body).toMatchObject({
        amplitudeStart: '08:30',
        amplitudeEnd: '19:30',
        visioEnabled: true,
        phoneEnabled: false,
      });
      const bad = await http()
        .put(`/api/v1/users/${pro.id}/availability-settings`)
        .set(bearer(pro.token))
        .send({ amplitudeEnd: '07:00', phoneEnabled: true })
        .expect(400);
      expect(bad.body.message).toBe('La fin de l’amplitude doit être après son début');
      const unchanged = await http()
        .get(`/api/v1/users/${pro.id}/availability-settings`)
        .set(bearer(pro.token))
        .expect(200);
      expect(unchanged.body).toMatchObject({ amplitudeEnd: '19:30', phoneEnabled: false });
    });
  });
});
