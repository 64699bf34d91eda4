import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
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
  SmtpReceiver,
  startWorker,
  type TestAttendee,
  type TestProfessional,
} from '../support/fixtures';

// A notaries' deployment (SECTOR=notary) writes its mails with the notaries' words and links.
describe('Booking mails of the notary variant', () => {
  // Its own queues: the jobs of this app must reach this worker, which renders them as notaries'.
  const env = () => ({
    SECTOR: 'notary',
    SMTP_URL: smtp.url,
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}-notary-${randomBytes(4).toString('hex')}`,
  });
  let sectorEnv: Record<string, string>;
  let app: NestFastifyApplication;
  let pool: Pool;
  let smtp: SmtpReceiver;
  let worker: TestingModule;
  let pro: TestProfessional;
  let attendee: TestAttendee;
  let slots: string[];
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    smtp = new SmtpReceiver();
    await smtp.start();
    sectorEnv = env();
    app = await createTestApp({ env: sectorEnv });
    pool = poolOf(app);
    worker = await startWorker(sectorEnv);
    pro = await createProfessional(pool);
    attendee = await createAttendee(pool);
    slots = await freeSlots(app, pro, 12);
  });

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await smtp?.stop();
  });

  it('says "à l’étude", signs RDV Notaire and links to /notaire/…', async () => {
    const booked = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, slots[0]))
      .expect(201);
    await smtp.waitFor(() => smtp.to(pro.email).length >= 1);
    const [toPro] = smtp.to(pro.email);
    expect(toPro.from?.text).toBe('"RDV Notaire" <no-reply@rdv-notaire.fr>');
    expect(toPro.messageId).toMatch(/@rdv-notaire\.fr>$/);
    expect(toPro.text).toContain('Mode : à l’étude');
    expect(toPro.text).not.toMatch(/avocat|cabinet/i);

    await http()
      .post(`/api/v1/events/${booked.body.id_event}/refuse`)
      .set(bearer(pro.token))
      .send({ reason: 'Acte hors de mon ressort' })
      .expect(200);
    await smtp.waitFor(() =>
      smtp.to(attendee.email).some((m) => m.subject?.includes('n’a pas pu être acceptée')),
    );
    const refusal = smtp.to(attendee.email).find((m) => m.subject?.includes('n’a pas pu être acceptée'))!;
    expect(refusal.text).toContain(`http://localhost:3000/notaire/camille-martin-${pro.id.slice(0, 8)}`);
    expect(refusal.html).toContain('RDV Notaire');
  });

  it('opens visio appointments in a room named after the product', async () => {
    const booked = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, slots[2], { mode: 'visio' }))
      .expect(201);
    expect(booked.body.visioUrl).toMatch(/^https:\/\/visio\.rdv-test\.fr\/RdvNotaire-[A-Za-z0-9]{20}$/);
  });
});
