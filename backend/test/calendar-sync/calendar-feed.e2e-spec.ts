import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import ICAL from 'ical.js';
import request from 'supertest';
import { createTestApp } from '../app';
import {
  bearer,
  createProfessional,
  poolOf,
  type TestProfessional,
} from '../availability/availability-fixtures';

describe('Private ICS feed of a professional', () => {
  let app: NestFastifyApplication;
  let pro: TestProfessional;
  const http = () => request(app.getHttpServer());
  const pathOf = (url: string) => new URL(url).pathname;

  async function insertAppointment(status: string, inDays: number): Promise<string> {
    const ref = randomBytes(12).toString('base64url');
    const start = new Date(Date.now() + inDays * 86_400_000);
    await poolOf(app).query(
      `INSERT INTO appointments (ref_appointment, user_id, calendar_id, status, starts_at, ends_at, location)
       SELECT $1, $2, id, $3, $4, $5, '12 rue de la Paix, Paris' FROM calendars WHERE user_id = $2`,
      [ref, pro.id, status, start.toISOString(), new Date(start.getTime() + 3_600_000).toISOString()],
    );
    return ref;
  }

  beforeAll(async () => {
    app = await createTestApp();
    pro = await createProfessional(app);
    await poolOf(app).query(
      `INSERT INTO calendars (user_id, name, is_default) VALUES ($1, 'Cabinet', true)`,
      [pro.id],
    );
  });
  afterAll(() => app?.close());

  it('serves the appointments holding a slot, with the UID of the mails, to whoever has the URL', async () => {
    const confirmed = await insertAppointment('confirmed', 3);
    const pending = await insertAppointment('pending', 4);
    await insertAppointment('cancelled', 5);
    const { url } = (
      await http().get(`/api/v1/users/${pro.id}/calendar-feed`).set(bearer(pro.token)).expect(200)
    ).body;
    expect(url).toMatch(
      new RegExp(`^http://localhost:3000/api/v1/calendar-feeds/${pro.id}/[A-Za-z0-9_-]{43}\\.ics$`),
    );

    const feed = await http().get(pathOf(url)).expect(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const events = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents('vevent');
    const byUid = Object.fromEntries(
      events.map((e) => [e.getFirstPropertyValue('uid'), e.getFirstPropertyValue('status')]),
    );
    expect(byUid).toEqual({ [`${confirmed}@localhost`]: 'CONFIRMED', [`${pending}@localhost`]: 'TENTATIVE' });
    // Same URL on the next visit of the settings page.
    const again = (
      await http().get(`/api/v1/users/${pro.id}/calendar-feed`).set(bearer(pro.token)).expect(200)
    ).body;
    expect(again.url).toBe(url);
  });

  it('answers 404 in French to a wrong token, and regenerating retires the old URL', async () => {
    const { url } = (
      await http().get(`/api/v1/users/${pro.id}/calendar-feed`).set(bearer(pro.token)).expect(200)
    ).body;
    const wrong = await http()
      .get(`/api/v1/calendar-feeds/${pro.id}/${'x'.repeat(43)}.ics`)
      .expect(404);
    expect(wrong.body).toMatchObject({
      code: 'CALENDAR_FEED_NOT_FOUND',
      message: 'Flux de calendrier introuvable',
    });

    const next = (
      await http().post(`/api/v1/users/${pro.id}/calendar-feed/regenerate`).set(bearer(pro.token)).expect(200)
    ).body.url;
    expect(next).not.toBe(url);
    await http().get(pathOf(url)).expect(404);
    await http().get(pathOf(next)).expect(200);
  });

  it("keeps a professional out of another's feed URL", async () => {
    const other = await createProfessional(app);
    await http().get(`/api/v1/users/${pro.id}/calendar-feed`).set(bearer(other.token)).expect(403);
    await http()
      .post(`/api/v1/users/${pro.id}/calendar-feed/regenerate`)
      .set(bearer(other.token))
      .expect(403);
  });
});
