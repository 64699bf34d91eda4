import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
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

const CLIENT_PHONE = '+33612345678';
const CLIENT_BIRTHDATE = '1984-03-02';

/**
 * A professional enters an appointment by hand with the address of a registered client: the appointment is
 * linked to the client's account (mails, the client's own list), but it gives the professional nothing of
 * that account. They see what they typed; the client's phone and birthdate only once the client books
 * with them through the site.
 */
describe('Appointments entered by hand and the client account they name', () => {
  let app: NestFastifyApplication;
  let pro: TestProfessional;
  let client: TestAttendee;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await createTestApp();
    const pool = poolOf(app);
    pro = await createProfessional(pool);
    client = await createAttendee(pool);
    await pool.query(`UPDATE attendees SET birthdate = $2, civility = 'Mme' WHERE id = $1`, [
      client.id,
      CLIENT_BIRTHDATE,
    ]);
  }, 120_000);

  afterAll(async () => {
    await app.close();
  });

  const inDays = (days: number, hour: number) => {
    const date = new Date(Date.now() + days * 86_400_000);
    date.setUTCHours(hour, 0, 0, 0);
    return date.toISOString();
  };

  it('the professional’s calendar feed (and write-back) names a hand-entered client as typed, not as their account', async () => {
    const other = await createProfessional(poolOf(app));
    const someone = await createAttendee(poolOf(app));
    await http()
      .post(`/api/v1/users/${other.id}/events`)
      .set(bearer(other.token))
      .send({
        email: someone.email,
        first_name: 'M.',
        last_name: 'Client du dossier',
        mode: 'in_person',
        start: inDays(7, 9),
        end: inDays(7, 10),
      })
      .expect(201);
    const feed = await http()
      .get(`/api/v1/users/${other.id}/calendar-feed`)
      .set(bearer(other.token))
      .expect(200);
    const ics = await http().get(new URL(feed.body.url).pathname).expect(200);
    const unfolded = ics.text.replace(/\r?\n[ \t]/g, '');
    expect(unfolded).toContain('M. Client du dossier');
    expect(unfolded).not.toContain('Alice');
  });

  it('a client folder and the client card of a hand-entered appointment show what the professional typed, not the account', async () => {
    const other = await createProfessional(poolOf(app));
    const someone = await createAttendee(poolOf(app));
    const entered = await http()
      .post(`/api/v1/users/${other.id}/events`)
      .set(bearer(other.token))
      .send({
        email: someone.email,
        first_name: 'Mme',
        last_name: 'B.',
        phone: '06 99 88 77 66',
        mode: 'phone',
        start: inDays(8, 9),
        end: inDays(8, 10),
      })
      .expect(201);
    const card = await http()
      .get(`/api/v1/events/${entered.body._id}/client`)
      .set(bearer(other.token))
      .expect(200);
    expect(card.body.client).toMatchObject({ first_name: 'Mme', last_name: 'B.' });
    expect(card.body.phone).toBe('0699887766');
    const folder = await http()
      .post(`/api/v1/events/${entered.body._id}/folder`)
      .set(bearer(other.token))
      .expect((res) => expect([200, 201]).toContain(res.status));
    const listed = await http().get(`/api/v1/users/${other.id}/folders`).set(bearer(other.token)).expect(200);
    const seen = JSON.stringify([card.body, folder.body, listed.body]);
    expect(seen).not.toContain('Alice');
    expect(seen).not.toContain(CLIENT_PHONE);
    expect(folder.body.title).toBe('Dossier Mme B.');
    // Searching by the account's own name finds nothing: the professional never had it.
    const searched = await http()
      .get(`/api/v1/users/${other.id}/folders?q=Alice`)
      .set(bearer(other.token))
      .expect(200);
    expect(searched.body).toEqual([]);
  });

  it('shows the professional only what they typed, before and after cancelling, until the client books online', async () => {
    const created = await http()
      .post(`/api/v1/users/${pro.id}/events`)
      .set(bearer(pro.token))
      .send({
        email: client.email.toUpperCase(),
        first_name: 'A.',
        last_name: 'Durand',
        mode: 'in_person',
        start: inDays(5, 9),
        end: inDays(5, 10),
      })
      .expect(201);
    expect(created.body.attendee_id).toBe(client.id);
    expect(created.body.attendee).toMatchObject({
      first_name: 'A.',
      last_name: 'Durand',
      email: client.email,
      phone: null,
      civility: null,
    });
    expect(JSON.stringify(created.body)).not.toContain(CLIENT_PHONE);
    expect(JSON.stringify(created.body)).not.toContain(CLIENT_BIRTHDATE);

    // A number typed by the professional is theirs to see.
    const typed = await http()
      .post(`/api/v1/users/${pro.id}/events`)
      .set(bearer(pro.token))
      .send({
        email: client.email,
        phone: '06 11 22 33 44',
        mode: 'phone',
        start: inDays(6, 9),
        end: inDays(6, 10),
      })
      .expect(201);
    expect(typed.body.attendee).toMatchObject({ phone: '0611223344', first_name: null, last_name: null });

    await http().get(`/api/v1/attendees/${client.id}`).set(bearer(pro.token)).expect(403);
    const agenda = await http().get(`/api/v1/users/${pro.id}/events`).set(bearer(pro.token)).expect(200);
    expect(agenda.body.data).toHaveLength(2);
    expect(JSON.stringify(agenda.body)).not.toContain(CLIENT_PHONE);
    expect(JSON.stringify(agenda.body)).not.toContain('Alice');

    await http()
      .post(`/api/v1/events/${created.body._id}/cancel`)
      .set(bearer(pro.token))
      .send({})
      .expect(200);
    await http().get(`/api/v1/attendees/${client.id}`).set(bearer(pro.token)).expect(403);

    // The client's own list shows both appointments: they are linked to the account.
    const own = await http()
      .get(`/api/v1/attendees/${client.id}/events`)
      .set(bearer(client.token))
      .expect(200);
    expect(own.body.data.map((e: { _id: string }) => e._id).sort()).toEqual(
      [created.body._id, typed.body._id].sort(),
    );

    // Booking online is the client's choice to share their details with this professional.
    const [slot] = await freeSlots(app, pro, 10);
    await http()
      .post(`/api/v1/attendees/${client.id}/create-event`)
      .set(bearer(client.token))
      .send(bookingBody(pro, slot))
      .expect(201);
    const shared = await http().get(`/api/v1/attendees/${client.id}`).set(bearer(pro.token)).expect(200);
    expect(shared.body).toMatchObject({ phone: CLIENT_PHONE, birthdate: CLIENT_BIRTHDATE });
  }, 120_000);
});
