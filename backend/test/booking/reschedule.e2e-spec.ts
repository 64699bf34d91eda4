import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { createTestApp } from '../app';
import {
  bearer,
  bookingBody,
  createAttendee,
  createProfessional,
  freeSlots,
  poolOf,
  type TestProfessional,
} from '../support/fixtures';

describe('The attendee reschedules from the appointment page', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  let pro: TestProfessional;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await createTestApp();
    pool = poolOf(app);
    pro = await createProfessional(pool);
  });

  afterAll(() => app.close());

  it('moves a confirmed appointment to another free slot of the same motive; the professional must validate again', async () => {
    const attendee = await createAttendee(pool);
    const [first, , third] = await freeSlots(app, pro, 9);
    const booked = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, first))
      .expect(201);
    await http().post(`/api/v1/events/${booked.body._id}/validate`).set(bearer(pro.token)).expect(200);
    const ref = booked.body.refAppointment;

    const moved = await http()
      .post(`/api/v1/appointments/${ref}/reschedule`)
      .send({ start: third })
      .expect(200);
    expect(moved.body.message).toBe(
      "Votre demande de déplacement a été transmise : l'avocat doit valider le nouveau créneau.",
    );
    expect(Date.parse(moved.body.event.start)).toBe(Date.parse(third));
    expect(moved.body.event.status).toBe('pending');
    // the old slot is free again, the new one is not
    const slots = await freeSlots(app, pro, 9);
    expect(slots.map(Date.parse)).toContain(Date.parse(first));
    expect(slots.map(Date.parse)).not.toContain(Date.parse(third));
    // the professional is told through the outbox (request mail with validate / refuse links)
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM outbox WHERE payload->>'appointmentId' = $1 AND payload->>'event' = 'requested'`,
      [booked.body._id],
    );
    expect(rows[0].n).toBe(2);
  });

  it('refuses a slot that is not offered, a slot in the past and a cancelled appointment, changing nothing', async () => {
    const attendee = await createAttendee(pool);
    const [start] = await freeSlots(app, pro, 11);
    const booked = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, start))
      .expect(201);
    const ref = booked.body.refAppointment;
    const night = new Date(Date.parse(start));
    night.setUTCHours(2, 0, 0, 0);
    await http()
      .post(`/api/v1/appointments/${ref}/reschedule`)
      .send({ start: night.toISOString() })
      .expect(409)
      .expect(({ body }) => expect(body.code).toBe('SLOT_UNAVAILABLE'));
    await http()
      .post(`/api/v1/appointments/${ref}/reschedule`)
      .send({ start: new Date(Date.now() - 3_600_000).toISOString() })
      .expect(400);
    await http().post(`/api/v1/appointments/${ref}/cancel`).send({}).expect(200);
    const [other] = await freeSlots(app, pro, 12);
    await http().post(`/api/v1/appointments/${ref}/reschedule`).send({ start: other }).expect(409);
    const { rows } = await pool.query('SELECT starts_at, status FROM appointments WHERE id = $1', [
      booked.body._id,
    ]);
    expect(rows[0].status).toBe('cancelled');
    expect(rows[0].starts_at.getTime()).toBe(Date.parse(start));
  });

  it('the availabilities the client proposed reach the professional’s /user/events, and one click moves there', async () => {
    const attendee = await createAttendee(pool);
    const [start] = await freeSlots(app, pro, 13);
    const booked = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, start))
      .expect(201);
    const id = booked.body._id;
    await http()
      .post(`/api/v1/events/${id}/request-availabilities`)
      .set(bearer(pro.token))
      .send({})
      .expect(200);
    const [proposed] = await freeSlots(app, pro, 14);
    const proposedEnd = new Date(Date.parse(proposed) + 2 * 3_600_000).toISOString();
    await http()
      .post(`/api/v1/events-responses/${id}`)
      .send({ availabilities: [{ start: proposed, end: proposedEnd }], message: 'Plutôt le matin' })
      .expect(200);
    const responses = await http().get(`/api/v1/events/${id}/responses`).set(bearer(pro.token)).expect(200);
    expect(responses.body).toHaveLength(1);
    expect(responses.body[0].message).toBe('Plutôt le matin');
    expect(Date.parse(responses.body[0].availabilities[0].start)).toBe(Date.parse(proposed));
    // another professional sees nothing
    const stranger = await createProfessional(pool);
    await http().get(`/api/v1/events/${id}/responses`).set(bearer(stranger.token)).expect(404);
    // "Accepter": the UI moves to the proposed start and validates
    await http()
      .post(`/api/v1/events/${id}/move`)
      .set(bearer(pro.token))
      .send({ start: proposed })
      .expect(200);
    const validated = await http().post(`/api/v1/events/${id}/validate`).set(bearer(pro.token)).expect(200);
    expect(validated.body.event.status).toBe('confirmed');
    expect(Date.parse(validated.body.event.start)).toBe(Date.parse(proposed));
  });
});
