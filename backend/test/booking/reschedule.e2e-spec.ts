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

  const outboxEvents = async (id: string): Promise<string[]> => {
    const { rows } = await pool.query(
      `SELECT payload->>'event' AS event FROM outbox WHERE job_name = 'booking.notification' AND payload->>'appointmentId' = $1 ORDER BY id`,
      [id],
    );
    return rows.map((row: { event: string }) => row.event);
  };
  const stored = async (id: string) =>
    (await pool.query('SELECT status, starts_at FROM appointments WHERE id = $1', [id])).rows[0] as {
      status: string;
      starts_at: Date;
    };

  /** A confirmed appointment at `first` whose client asked to move it to `third`. */
  const confirmedThenProposed = async (day: number) => {
    const attendee = await createAttendee(pool);
    const [first, , third] = await freeSlots(app, pro, day);
    const booked = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, first))
      .expect(201);
    const id: string = booked.body._id;
    await http().post(`/api/v1/events/${id}/validate`).set(bearer(pro.token)).expect(200);
    const proposed = await http()
      .post(`/api/v1/appointments/${booked.body.refAppointment}/reschedule`)
      .send({ start: third })
      .expect(200);
    return { id, ref: booked.body.refAppointment as string, first, third, proposed };
  };

  it('a confirmed appointment stays confirmed at its time while the client’s move awaits; both slots are held; a refusal keeps it', async () => {
    const { id, ref, first, third, proposed } = await confirmedThenProposed(9);
    expect(proposed.body.message).toBe(
      "Votre demande de déplacement a été transmise. Votre rendez-vous reste confirmé à son horaire actuel tant que l'avocat n’a pas accepté le nouveau créneau.",
    );
    expect(proposed.body.event).toMatchObject({
      status: 'confirmed',
      proposal: { start: new Date(third).toISOString() },
    });
    expect(Date.parse(proposed.body.event.start)).toBe(Date.parse(first));
    expect(await stored(id)).toEqual({ status: 'confirmed', starts_at: new Date(first) });
    // neither the confirmed slot nor the proposed one is offered, and nobody can take either
    const offered = (await freeSlots(app, pro, 9)).map(Date.parse);
    expect(offered).not.toContain(Date.parse(first));
    expect(offered).not.toContain(Date.parse(third));
    const other = await createAttendee(pool);
    for (const start of [first, third]) {
      const taken = await http()
        .post(`/api/v1/attendees/${other.id}/create-event`)
        .set(bearer(other.token))
        .send(bookingBody(pro, start));
      expect(taken.status).toBe(409);
    }
    // the professional's own entry over the proposed slot is refused too
    const byHand = await http()
      .post(`/api/v1/users/${pro.id}/events`)
      .set(bearer(pro.token))
      .send({ email: 'main.levee@example.test', start: third, motive_id: pro.motiveId, mode: 'in_person' });
    expect(byHand.status).toBe(409);
    expect(byHand.body.code).toBe('SLOT_TAKEN');
    // the professional sees it among the requests awaiting an answer, and is mailed with accept / refuse links
    const awaiting = await http()
      .get(`/api/v1/users/${pro.id}/events`)
      .query({ group: 'pending' })
      .set(bearer(pro.token))
      .expect(200);
    expect(awaiting.body.data.map((e: { _id: string }) => e._id)).toContain(id);
    expect(await outboxEvents(id)).toEqual(['requested', 'validated', 'reschedule_requested']);

    const refused = await http()
      .post(`/api/v1/events/${id}/refuse`)
      .set(bearer(pro.token))
      .send({ reason: 'Audience ce jour-là' })
      .expect(200);
    expect(refused.body.message).toBe(
      'Le déplacement est refusé : le rendez-vous reste confirmé à son horaire initial ; le client en est informé',
    );
    expect(refused.body.event).toMatchObject({ status: 'confirmed', proposal: null });
    expect(await stored(id)).toEqual({ status: 'confirmed', starts_at: new Date(first) });
    const page = await http().get(`/api/v1/appointments/${ref}`).expect(200);
    expect(page.body).toMatchObject({ status: 'confirmed', proposal: null });
    expect(Date.parse(page.body.start)).toBe(Date.parse(first));
    // the proposed slot is free again, the confirmed one is still held; the client is mailed
    const after = (await freeSlots(app, pro, 9)).map(Date.parse);
    expect(after).toContain(Date.parse(third));
    expect(after).not.toContain(Date.parse(first));
    expect(await outboxEvents(id)).toEqual([
      'requested',
      'validated',
      'reschedule_requested',
      'reschedule_refused',
    ]);
  });

  it('accepting the client’s move (app or mail link) moves the confirmed appointment there and frees the old slot', async () => {
    const { id, first, third } = await confirmedThenProposed(10);
    const accepted = await http().post(`/api/v1/events/${id}/validate`).set(bearer(pro.token)).expect(200);
    expect(accepted.body.message).toBe('Le nouveau créneau est accepté ; le client en est informé');
    expect(accepted.body.event).toMatchObject({ status: 'confirmed', proposal: null });
    expect(await stored(id)).toEqual({ status: 'confirmed', starts_at: new Date(third) });
    const after = (await freeSlots(app, pro, 10)).map(Date.parse);
    expect(after).toContain(Date.parse(first));
    expect(after).not.toContain(Date.parse(third));
    expect((await outboxEvents(id)).at(-1)).toBe('moved');
    const again = await http().post(`/api/v1/events/${id}/validate`).set(bearer(pro.token)).expect(200);
    expect(again.body.message).toBe('Ce rendez-vous est déjà validé');
  });

  it('cancelling a confirmed appointment with a pending move frees both slots', async () => {
    const { id, ref, first, third } = await confirmedThenProposed(11);
    await http().post(`/api/v1/appointments/${ref}/cancel`).send({}).expect(200);
    const after = (await freeSlots(app, pro, 11)).map(Date.parse);
    expect(after).toEqual(expect.arrayContaining([Date.parse(first), Date.parse(third)]));
    const { rows } = await pool.query(
      'SELECT count(*)::int AS n FROM appointment_reschedule_requests WHERE appointment_id = $1',
      [id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('an appointment still awaiting validation moves at once and still awaits validation', async () => {
    const attendee = await createAttendee(pool);
    const [first, , third] = await freeSlots(app, pro, 8);
    const booked = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, first))
      .expect(201);
    const moved = await http()
      .post(`/api/v1/appointments/${booked.body.refAppointment}/reschedule`)
      .send({ start: third })
      .expect(200);
    expect(moved.body.message).toBe(
      "Votre demande de déplacement a été transmise : l'avocat doit valider le nouveau créneau.",
    );
    expect(moved.body.event).toMatchObject({ status: 'pending', proposal: null });
    expect(Date.parse(moved.body.event.start)).toBe(Date.parse(third));
    const slots = (await freeSlots(app, pro, 8)).map(Date.parse);
    expect(slots).toContain(Date.parse(first));
    expect(slots).not.toContain(Date.parse(third));
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
