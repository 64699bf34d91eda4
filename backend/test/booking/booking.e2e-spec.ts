import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import ICAL from 'ical.js';
import type { Pool } from 'pg';
import request from 'supertest';
import { EventActionTokens } from '../../src/modules/identity/event-action-tokens';
import { createTestApp } from '../app';
import {
  bearer,
  bookingBody,
  createAttendee,
  createProfessional,
  freeSlots,
  poolOf,
  type TestAttendee,
  type TestProfessional,
} from '../support/fixtures';

const OVERLAP_QUERY = `
  SELECT count(*)::int AS n FROM appointments a JOIN appointments b
    ON a.user_id = b.user_id AND a.id < b.id AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
  WHERE a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')`;

describe('Booking API', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  let pro: TestProfessional;
  let otherPro: TestProfessional;
  let attendee: TestAttendee;
  let slots: string[];
  const http = () => request(app.getHttpServer());

  const book = (
    start: string,
    who: TestAttendee = attendee,
    headers: Record<string, string> = {},
    extra: Record<string, unknown> = {},
  ) =>
    http()
      .post(`/api/v1/attendees/${who.id}/create-event`)
      .set({ ...bearer(who.token), ...headers })
      .send(bookingBody(pro, start, extra));

  beforeAll(async () => {
    app = await createTestApp();
    pool = poolOf(app);
    pro = await createProfessional(pool);
    otherPro = await createProfessional(pool);
    attendee = await createAttendee(pool);
    slots = [...(await freeSlots(app, pro, 10)), ...(await freeSlots(app, pro, 11))];
    expect(slots.length).toBeGreaterThan(30);
  });

  afterAll(async () => {
    await app.close();
  });

  describe('create-event', () => {
    it('books a free slot: 201, awaiting validation, an unguessable reference, and the slot is no longer offered', async () => {
      const start = slots[0];
      const response = await book(start).expect(201);
      expect(response.body).toMatchObject({
        status: 'pending',
        mode: 'in_person',
        start: new Date(start).toISOString(),
        end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
        user_id: pro.id,
        attendee_id: attendee.id,
        location: '12 rue de la Paix, 75002',
        motive: { id: pro.motiveId, title: 'Première consultation' },
      });
      expect(response.body.refAppointment).toMatch(/^[A-Z2-7]{20}$/);
      expect(response.body.id_event).toBe(response.body._id);
      const after = await freeSlots(app, pro, 10);
      expect(after).not.toContain(start);
      const outbox = await pool.query(
        `SELECT job_name, payload FROM outbox WHERE payload->>'appointmentId' = $1`,
        [response.body.id_event],
      );
      expect(outbox.rows).toEqual([
        {
          job_name: 'booking.notification',
          payload: { event: 'requested', appointmentId: response.body.id_event },
        },
      ]);
    });

    it('50 parallel bookings of one slot: exactly one 201, 49 409 SLOT_TAKEN, no 5xx, no overlap in the table', async () => {
      const start = slots[2];
      const attendees = await Promise.all(Array.from({ length: 50 }, () => createAttendee(pool)));
      const responses = await Promise.all(attendees.map((who) => book(start, who)));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      for (const response of responses.filter((r) => r.status === 409)) {
        expect(response.body).toEqual({
          statusCode: 409,
          code: 'SLOT_TAKEN',
          message: 'Ce créneau vient d’être réservé, veuillez en choisir un autre',
        });
      }
      const overlap = await pool.query(OVERLAP_QUERY);
      expect(overlap.rows[0].n).toBe(0);
    });

    it('replays the same answer for the same Idempotency-Key and body, and answers 422 for another body', async () => {
      const key = `key-${Date.now()}-a`;
      const first = await book(slots[4], attendee, { 'Idempotency-Key': key }).expect(201);
      const again = await book(slots[4], attendee, { 'Idempotency-Key': key });
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      const count = await pool.query(
        `SELECT count(*)::int AS n FROM appointments WHERE attendee_id = $1 AND starts_at = $2`,
        [attendee.id, slots[4]],
      );
      expect(count.rows[0].n).toBe(1);
      const other = await book(slots[5], attendee, { 'Idempotency-Key': key });
      expect(other.status).toBe(422);
      expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('concurrent requests with one Idempotency-Key create one appointment and all get the same answer', async () => {
      const key = `key-${Date.now()}-b`;
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => book(slots[6], attendee, { 'Idempotency-Key': key })),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
      expect(new Set(responses.map((r) => r.body.refAppointment)).size).toBe(1);
      const count = await pool.query(
        `SELECT count(*)::int AS n FROM appointments WHERE starts_at = $1 AND user_id = $2`,
        [slots[6], pro.id],
      );
      expect(count.rows[0].n).toBe(1);
    });

    it('replays a refusal too: the same key after a 409 gets the same 409', async () => {
      const key = `key-${Date.now()}-c`;
      const first = await book(slots[0], attendee, { 'Idempotency-Key': key });
      expect(first.status).toBe(409);
      const again = await book(slots[0], attendee, { 'Idempotency-Key': key });
      expect(again.status).toBe(409);
      expect(again.body).toEqual(first.body);
    });

    it('refuses a slot that is not offered (outside opening hours) with a clear French message', async () => {
      const day = slots[0].slice(0, 10);
      const response = await book(`${day}T03:00:00+01:00`);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('SLOT_UNAVAILABLE');
      expect(response.body.message).toMatch(/n’est pas proposé/);
    });

    it('keeps a time bookable while it is free, even after an earlier booking moved the motive’s grid', async () => {
      // A second motive of an hour: on a fresh day its grid is 08:00, 09:00, 10:00...
      const { rows } = await pool.query(
        `INSERT INTO motives (user_id, title, duration_minutes, notice_minutes, not_after_months, in_person_allowed)
         VALUES ($1, 'Consultation longue', 60, 0, 3, true) RETURNING id`,
        [pro.id],
      );
      const hour = { ...pro, motiveId: rows[0].id as string };
      const offered = await freeSlots(app, hour, 12);
      const [eight, nine] = offered;
      expect(nine.slice(11, 16)).toBe('09:00');
      // Someone books half an hour at 08:00: the hour motive's grid is now 08:30, 09:30...
      await book(eight).expect(201);
      expect(await freeSlots(app, hour, 12)).not.toContain(nine);
      // ...but the client who saw 09:00 a minute earlier still gets it: 09:00-10:00 is free.
      const other = await createAttendee(pool);
      await http()
        .post(`/api/v1/attendees/${other.id}/create-event`)
        .set(bearer(other.token))
        .send(bookingBody(hour, nine))
        .expect(201);
      // A start off the 5-minute grid, or one overlapping what is now held, is still refused.
      const offGrid = nine.replace('09:00', '10:02');
      const refused = await http()
        .post(`/api/v1/attendees/${other.id}/create-event`)
        .set(bearer(other.token))
        .send(bookingBody(hour, offGrid));
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('SLOT_UNAVAILABLE');
      const overlapping = await http()
        .post(`/api/v1/attendees/${other.id}/create-event`)
        .set(bearer(other.token))
        .send(bookingBody(hour, nine.replace('09:00', '09:30')));
      expect(overlapping.status).toBe(409);
      expect(overlapping.body.code).toBe('SLOT_TAKEN');
    });

    it('needs a verified phone, the attendee’s own id and a professional taking online booking', async () => {
      const unverified = await createAttendee(pool, { phoneVerified: false });
      const noPhone = await book(slots[8], unverified);
      expect(noPhone.status).toBe(403);
      expect(noPhone.body.code).toBe('PHONE_NOT_VERIFIED');

      const other = await createAttendee(pool);
      const wrongId = await http()
        .post(`/api/v1/attendees/${attendee.id}/create-event`)
        .set(bearer(other.token))
        .send(bookingBody(pro, slots[8]));
      expect(wrongId.status).toBe(403);

      const noToken = await http()
        .post(`/api/v1/attendees/${attendee.id}/create-event`)
        .send(bookingBody(pro, slots[8]));
      expect(noToken.status).toBe(401);

      const closed = await createProfessional(pool, { acceptsOnlineBooking: false });
      const response = await http()
        .post(`/api/v1/attendees/${attendee.id}/create-event`)
        .set(bearer(attendee.token))
        .send({ user_id: closed.id, motive_id: closed.motiveId, mode: 'in_person', start: slots[8] });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        code: 'ONLINE_BOOKING_DISABLED',
        message:
          "L'avocat ne prend pas encore de rendez-vous en ligne, mais d'autres avocats de la ville le font",
      });
    });

    it('rejects bad payloads with French messages', async () => {
      const response = await book('demain');
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.message).toMatch(/ISO 8601/);
      const mode = await book(slots[8], attendee, {}, { mode: 'fax' });
      expect(mode.status).toBe(400);
      expect(mode.body.message).toBe('Le mode doit être in_person, visio ou phone');
    });

    it('gives a visio appointment a room of the site’s Jitsi when the professional has no other provider', async () => {
      const response = await book(slots[10], attendee, {}, { mode: 'visio' }).expect(201);
      expect(response.body.visioUrl).toMatch(/^https:\/\/visio\.rdv-test\.fr\/RdvAvocat-[A-Za-z0-9]{20}$/);
      expect(response.body.location).toBeNull();
    });
  });

  describe('professional side', () => {
    let pendingId: string;

    beforeAll(async () => {
      const response = await book(slots[12]).expect(201);
      pendingId = response.body.id_event;
    });

    it('lists own appointments by group with pagination, and never another professional’s', async () => {
      const pending = await http()
        .get(`/api/v1/users/${pro.id}/events`)
        .query({ group: 'pending', limit: 2, page: 1 })
        .set(bearer(pro.token))
        .expect(200);
      expect(pending.body.limit).toBe(2);
      expect(pending.body.data).toHaveLength(2);
      expect(pending.body.total).toBeGreaterThanOrEqual(5);
      expect(pending.body.data.every((e: { status: string }) => e.status === 'pending')).toBe(true);
      expect(pending.body.data[0].attendee.email).toBeDefined();
      const forbidden = await http().get(`/api/v1/users/${pro.id}/events`).set(bearer(otherPro.token));
      expect(forbidden.status).toBe(403);
      const asAttendee = await http().get(`/api/v1/users/${pro.id}/events`).set(bearer(attendee.token));
      expect(asAttendee.status).toBe(401);
    });

    it('another professional cannot validate, refuse, cancel or move it (404)', async () => {
      for (const action of ['validate', 'refuse', 'cancel']) {
        const response = await http()
          .post(`/api/v1/events/${pendingId}/${action}`)
          .set(bearer(otherPro.token))
          .send({});
        expect(response.status).toBe(404);
      }
      const move = await http()
        .post(`/api/v1/events/${pendingId}/move`)
        .set(bearer(otherPro.token))
        .send({ start: slots[14] });
      expect(move.status).toBe(404);
    });

    it('validates: pending -> confirmed, listed as upcoming; validating again is harmless', async () => {
      const response = await http()
        .post(`/api/v1/events/${pendingId}/validate`)
        .set(bearer(pro.token))
        .expect(200);
      expect(response.body.event.status).toBe('confirmed');
      expect(response.body.message).toMatch(/validé/);
      const again = await http()
        .post(`/api/v1/events/${pendingId}/validate`)
        .set(bearer(pro.token))
        .expect(200);
      expect(again.body.event.status).toBe('confirmed');
      const upcoming = await http()
        .get(`/api/v1/users/${pro.id}/events`)
        .query({ group: 'upcoming' })
        .set(bearer(pro.token))
        .expect(200);
      expect(upcoming.body.data.map((e: { id_event: string }) => e.id_event)).toContain(pendingId);
      const refuse = await http().post(`/api/v1/events/${pendingId}/refuse`).set(bearer(pro.token)).send({});
      expect(refuse.status).toBe(409);
      expect(refuse.body.code).toBe('INVALID_APPOINTMENT_STATE');
    });

    it('moves within the constraint: onto a held slot is 409 SLOT_TAKEN, onto a free one is fine', async () => {
      const taken = await http()
        .post(`/api/v1/events/${pendingId}/move`)
        .set(bearer(pro.token))
        .send({ start: slots[0] });
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('SLOT_TAKEN');
      const moved = await http()
        .post(`/api/v1/events/${pendingId}/move`)
        .set(bearer(pro.token))
        .send({ start: slots[16] })
        .expect(200);
      expect(moved.body.event.start).toBe(new Date(slots[16]).toISOString());
      expect(Date.parse(moved.body.event.end) - Date.parse(moved.body.event.start)).toBe(30 * 60_000);
    });

    it('refuses a pending request, which frees the slot for someone else', async () => {
      const created = await book(slots[18]).expect(201);
      const refused = await http()
        .post(`/api/v1/events/${created.body.id_event}/refuse`)
        .set(bearer(pro.token))
        .send({ reason: 'Absent ce jour-là' })
        .expect(200);
      expect(refused.body.event).toMatchObject({ status: 'refused', refusalReason: 'Absent ce jour-là' });
      const other = await createAttendee(pool);
      await book(slots[18], other).expect(201);
    });

    it('cancels a confirmed appointment', async () => {
      const response = await http()
        .post(`/api/v1/events/${pendingId}/cancel`)
        .set(bearer(pro.token))
        .send({ reason: 'Empêchement' })
        .expect(200);
      expect(response.body.event).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'user',
        cancellationReason: 'Empêchement',
      });
    });

    it('creates a confirmed appointment by hand for a new client', async () => {
      const response = await http()
        .post(`/api/v1/users/${pro.id}/events`)
        .set(bearer(pro.token))
        .send({
          email: 'Nouveau.Client@Example.test',
          first_name: 'Paul',
          last_name: 'Bernard',
          mode: 'phone',
          motive_id: pro.motiveId,
          start: slots[20],
        })
        .expect(201);
      expect(response.body).toMatchObject({
        status: 'confirmed',
        createdBy: 'user',
        mode: 'phone',
        attendee: { first_name: 'Paul', email: 'nouveau.client@example.test' },
      });
      expect(response.body.professional.telephone).toBe('+33140000000');
      const clash = await http()
        .post(`/api/v1/users/${pro.id}/events`)
        .set(bearer(pro.token))
        .send({
          email: 'autre@example.test',
          mode: 'in_person',
          start: slots[20],
          end: new Date(Date.parse(slots[20]) + 15 * 60_000).toISOString(),
        });
      expect(clash.status).toBe(409);
      expect(clash.body.code).toBe('SLOT_TAKEN');
    });

    it('validates or refuses from the signed mail link, and rejects forged or swapped tokens', async () => {
      const created = await book(slots[22]).expect(201);
      const tokens = new EventActionTokens(process.env.JWT_SECRET!);
      const refuseToken = tokens.sign(created.body.id_event, 'refuse');
      const swapped = await http()
        .get('/api/v1/event-action')
        .query({ token: refuseToken, action: 'validate' });
      expect(swapped.status).toBe(400);
      expect(swapped.body.code).toBe('INVALID_EVENT_ACTION_TOKEN');
      const forged = await http()
        .get('/api/v1/event-action')
        .query({ token: `${refuseToken}x`, action: 'refuse' });
      expect(forged.status).toBe(400);
      const ok = await http()
        .get('/api/v1/event-action')
        .query({ token: tokens.sign(created.body.id_event, 'validate'), action: 'validate' })
        .expect(200);
      expect(ok.body.event.status).toBe('confirmed');
    });
  });

  describe('attendee side', () => {
    let ref: string;
    let id: string;
    let start: string;

    beforeAll(async () => {
      start = slots[24];
      const response = await book(start).expect(201);
      ref = response.body.refAppointment;
      id = response.body.id_event;
    });

    it('shows the appointment page by its reference, without the attendee’s contact details', async () => {
      const response = await http().get(`/api/v1/appointments/${ref}`).expect(200);
      expect(response.body).toMatchObject({
        refAppointment: ref,
        status: 'pending',
        location: '12 rue de la Paix, 75002',
        cancellable: true,
      });
      expect(response.body.professional).toMatchObject({
        first_name: 'Camille',
        last_name: 'Martin',
        office: 'Cabinet Martin',
      });
      expect(response.body.attendee.email).toBeUndefined();
      await http().get('/api/v1/appointments/AAAAAAAAAAAAAAAAAAAA').expect(404);
      await http().get('/api/v1/appointments/not-a-ref').expect(404);
    });

    it('serves the .ics; parsed back with ical.js, DTSTART is the appointment start', async () => {
      const response = await http()
        .get(`/api/v1/appointments/${ref}/ics`)
        .buffer(true)
        .parse((res, done) => {
          let data = '';
          res.on('data', (chunk: Buffer) => (data += chunk.toString()));
          res.on('end', () => done(null, data));
        });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/calendar/);
      const component = new ICAL.Component(ICAL.parse(response.body as string));
      const event = new ICAL.Event(component.getFirstSubcomponent('vevent')!);
      expect(event.startDate.toJSDate().toISOString()).toBe(new Date(start).toISOString());
      expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(30 * 60_000);
      expect(event.summary).toBe('Rendez-vous avec Camille Martin');
    });

    it('lists the attendee’s appointments for /participant/mes-rdvs, only their own', async () => {
      const response = await http()
        .get(`/api/v1/attendees/${attendee.id}/events`)
        .set(bearer(attendee.token))
        .expect(200);
      expect(response.body.data.map((e: { refAppointment: string }) => e.refAppointment)).toContain(ref);
      const other = await createAttendee(pool);
      await http().get(`/api/v1/attendees/${attendee.id}/events`).set(bearer(other.token)).expect(403);
    });

    it('events-responses: 404 until asked, then the attendee submits availabilities and reads the spec message', async () => {
      await http().get(`/api/v1/events-responses/${id}`).expect(404);
      await http()
        .post(`/api/v1/events/${id}/request-availabilities`)
        .set(bearer(otherPro.token))
        .send({})
        .expect(404);
      const asked = await http()
        .post(`/api/v1/events/${id}/request-availabilities`)
        .set(bearer(pro.token))
        .send({ message: 'Pouvez-vous me proposer d’autres créneaux ?' })
        .expect(200);
      expect(asked.body.message).toBe('La demande de disponibilités a été envoyée au client');
      const view = await http().get(`/api/v1/events-responses/${id}`).expect(200);
      expect(view.body).toMatchObject({
        id_event: id,
        open: true,
        requestMessage: 'Pouvez-vous me proposer d’autres créneaux ?',
        responses: [],
      });
      const from = new Date(Date.now() + 20 * 86_400_000);
      const availabilities = [
        { start: from.toISOString(), end: new Date(from.getTime() + 2 * 3_600_000).toISOString() },
      ];
      const submitted = await http()
        .post(`/api/v1/events-responses/${id}`)
        .send({ availabilities, message: 'Plutôt le matin' })
        .expect(200);
      expect(submitted.body.message).toBe(
        "Vos disponibilités ont bien été prises en compte. Vous recevrez un email de confirmation dès que l'avocat aura validé le rendez-vous",
      );
      const after = await http().get(`/api/v1/events-responses/${id}`).expect(200);
      expect(after.body.responses).toHaveLength(1);
      expect(after.body.responses[0]).toMatchObject({ availabilities, message: 'Plutôt le matin' });
      const bad = await http()
        .post(`/api/v1/events-responses/${id}`)
        .send({ availabilities: [{ start: availabilities[0].end, end: availabilities[0].start }] });
      expect(bad.status).toBe(400);
      const empty = await http().post(`/api/v1/events-responses/${id}`).send({ availabilities: [] });
      expect(empty.status).toBe(400);
    });

    it('cancels by reference with the spec message; the slot is free again; cancelling twice is harmless', async () => {
      const response = await http().post(`/api/v1/appointments/${ref}/cancel`).send({}).expect(200);
      expect(response.body.message).toBe("Le rendez-vous a bien été annulé et l'avocat a été informé");
      expect(response.body.event).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'attendee',
        cancellable: false,
      });
      expect(await freeSlots(app, pro, 11)).toContain(start);
      await http().post(`/api/v1/appointments/${ref}/cancel`).send({}).expect(200);
    });
  });
});
