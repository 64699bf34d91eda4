import { createHash, randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import {
  bearer,
  bookingBody,
  createAttendee,
  createProfessional,
  freeSlots,
  type TestAttendee,
  type TestProfessional,
  waitUntil,
} from '../support/fixtures';
import { startPaymentsStack } from '../support/payments-stack';
import { onboardProfessional } from '../support/connect';

const SECRET = 'sk_test_fake_agreements';
const WEBHOOK_SECRET = 'whsec_fake_agreements';
const PRICE = 8000;
const CLIENT_IP = '203.0.113.7';
const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

const TERMS = `Article 1 – Parties
Convention entre {avocat} et {client}.

Article 2 – Honoraires
Pour « {prestation} », le client verse {honoraires} TTC.

Article 3 – Contestations
Tout différend est soumis au bâtonnier.`;

/** A paid-motive deployment (real Stripe SDK against the loopback fake), its worker and mail receiver. */
async function startPaidStack(sector: string) {
  const stack = await startPaymentsStack({
    secretKey: SECRET,
    webhookSecret: WEBHOOK_SECRET,
    // Its own queues: this app's jobs reach this worker only.
    env: {
      SECTOR: sector,
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}-fa-${sector}-${randomBytes(4).toString('hex')}`,
    },
  });
  const { app, pool, fake } = stack;
  const pro = await createProfessional(pool);
  // Payments go to the professional's connected account: onboarded first, as the product requires.
  await onboardProfessional(app, fake, pro);
  await request(app.getHttpServer())
    .patch(`/api/v1/users/${pro.id}/motives/${pro.motiveId}`)
    .set(bearer(pro.token))
    .send({ priceCents: PRICE, paymentRule: 'at_booking', acceptsLegalAid: true })
    .expect(200);
  const slots = await freeSlots(app, pro, 10);
  return { ...stack, pro, slots };
}

describe('Fee agreement of a lawyer’s paid motive (convention d’honoraires)', () => {
  let stack: Awaited<ReturnType<typeof startPaidStack>>;
  let app: NestFastifyApplication;
  let pool: Pool;
  let pro: TestProfessional;
  let next = 0;
  const http = () => request(app.getHttpServer());
  const slot = () => stack.slots[(next += 2)];
  const terms = () => `/api/v1/users/${pro.id}/motives/${pro.motiveId}/fee-agreement`;
  const book = (who: TestAttendee, start: string, extra: Record<string, unknown> = {}) =>
    http()
      .post(`/api/v1/attendees/${who.id}/create-event`)
      .set(bearer(who.token))
      .set('X-Forwarded-For', CLIENT_IP)
      .send(bookingBody(pro, start, extra));
  const evidence = async (appointmentId: string) =>
    (await pool.query(`SELECT * FROM fee_agreements WHERE appointment_id = $1`, [appointmentId])).rows[0];
  const count = async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows[0].n as number;

  beforeAll(async () => {
    stack = await startPaidStack('lawyer');
    ({ app, pool, pro } = stack);
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('offers the shipped French model, and saving the terms makes a version named by their SHA-256', async () => {
    const empty = (await http().get(terms()).set(bearer(pro.token)).expect(200)).body;
    expect(empty).toMatchObject({ available: true, terms: null, versionHash: null });
    expect(empty.model).toContain('bâtonnier');
    expect(empty.model).toContain('{honoraires}');

    const saved = (await http().put(terms()).set(bearer(pro.token)).send({ terms: TERMS }).expect(200)).body;
    expect(saved).toMatchObject({ terms: TERMS, versionHash: sha256(TERMS) });
    // The same text again adds no version.
    await http().put(terms()).set(bearer(pro.token)).send({ terms: TERMS }).expect(200);
    expect(
      await count(`SELECT count(*)::int AS n FROM motive_agreement_versions WHERE motive_id = $1`, [
        pro.motiveId,
      ]),
    ).toBe(1);
  });

  it('refuses terms that are not a text, in French, and another professional’s motive', async () => {
    const bad = await http().put(terms()).set(bearer(pro.token)).send({ terms: 12 }).expect(400);
    expect(bad.body.message).toContain('convention d’honoraires');
    const other = await createProfessional(pool);
    await http().get(terms()).set(bearer(other.token)).expect(403);
    const free = await http()
      .put(`/api/v1/users/${other.id}/motives/${other.motiveId}/fee-agreement`)
      .set(bearer(other.token))
      .send({ terms: TERMS })
      .expect(400);
    expect(free.body).toMatchObject({ code: 'FEE_AGREEMENT_FREE_MOTIVE' });
  });

  it('shows the client the agreement filled with both names, the service and the fee', async () => {
    const client = await createAttendee(pool);
    const start = slot();
    const preview = (
      await http()
        .get(`/api/v1/attendees/${client.id}/fee-agreement-preview`)
        .query({ user_id: pro.id, motive_id: pro.motiveId, start })
        .set(bearer(client.token))
        .expect(200)
    ).body;
    expect(preview).toMatchObject({ required: true, versionHash: sha256(TERMS) });
    expect(preview.text).toContain('Convention entre Maître Camille Martin et Alice Durand.');
    expect(preview.text).toContain('80 € TTC');
    expect(preview.text).not.toContain('{client}');
    const legalAid = await http()
      .get(`/api/v1/attendees/${client.id}/fee-agreement-preview`)
      .query({ user_id: pro.id, motive_id: pro.motiveId, legal_aid: 'true' })
      .set(bearer(client.token))
      .expect(200);
    expect(legalAid.body).toMatchObject({ required: false, text: null });
  });

  it('refuses a booking without the acceptance, in French, and writes nothing', async () => {
    const client = await createAttendee(pool);
    const refused = await book(client, slot()).expect(400);
    expect(refused.body).toMatchObject({ code: 'FEE_AGREEMENT_REQUIRED' });
    expect(refused.body.message).toContain('J’ai lu et j’accepte la convention d’honoraires');
    await book(client, slot(), { fee_agreement_accepted: false }).expect(400);
    expect(
      await count(`SELECT count(*)::int AS n FROM appointments WHERE attendee_id = $1`, [client.id]),
    ).toBe(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM fee_agreements WHERE attendee_id = $1`, [client.id]),
    ).toBe(0);
  });

  describe('an accepted agreement', () => {
    let client: TestAttendee;
    let booked: { id_event: string; refAppointment: string; feeAgreement: unknown };
    let row: Record<string, unknown>;

    beforeAll(async () => {
      client = await createAttendee(pool);
      booked = (await book(client, slot(), { fee_agreement_accepted: true }).expect(201)).body;
      row = await evidence(booked.id_event);
    });

    it('keeps the evidence: version hash, filled text, time, client account and address, the PDF', async () => {
      expect(row).toMatchObject({
        version_hash: sha256(TERMS),
        attendee_id: client.id,
        user_id: pro.id,
        client_ip: CLIENT_IP,
        price_cents: PRICE,
      });
      expect(row.filled_text).toContain('Alice Durand');
      expect(row.filled_hash).toBe(sha256(String(row.filled_text)));
      expect(Date.now() - (row.accepted_at as Date).getTime()).toBeLessThan(60_000);
      expect(booked.feeAgreement).toMatchObject({ versionHash: sha256(TERMS) });
    });

    it('mails the PDF to the client and to the professional, and files it in the client’s folder', async () => {
      for (const to of [client.email, pro.email]) {
        const mail = await stack.smtp.waitFor(to, 1, 20_000, 'Convention d’honoraires signée');
        const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
        expect(pdf?.filename).toBe(`convention-honoraires-${booked.refAppointment}.pdf`);
        expect(sha256(pdf!.content)).toBe(row.pdf_sha256);
        expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
      }
      await waitUntil(
        async () =>
          (await count(
            `SELECT count(*)::int AS n FROM folder_documents d JOIN client_folders f ON f.id = d.folder_id
              WHERE f.attendee_id = $1 AND f.user_id = $2 AND d.label LIKE 'convention-honoraires-%' AND d.mime_type = 'application/pdf'`,
            [client.id, pro.id],
          )) === 1,
        20_000,
      );
    });

    it('shows "convention signée" on the appointment and serves the PDF to its two parties only', async () => {
      const page = await http().get(`/api/v1/appointments/${booked.refAppointment}`).expect(200);
      expect(page.body.feeAgreement).toMatchObject({ versionHash: sha256(TERMS) });
      const mine = await http()
        .get(`/api/v1/users/${pro.id}/appointments/${booked.id_event}/fee-agreement`)
        .set(bearer(pro.token))
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        })
        .expect(200)
        .expect('content-type', 'application/pdf');
      expect(sha256(mine.body as Buffer)).toBe(row.pdf_sha256);
      await http()
        .get(`/api/v1/attendees/${client.id}/appointments/${booked.id_event}/fee-agreement`)
        .set(bearer(client.token))
        .expect(200);
      const stranger = await createAttendee(pool);
      await http()
        .get(`/api/v1/attendees/${stranger.id}/appointments/${booked.id_event}/fee-agreement`)
        .set(bearer(stranger.token))
        .expect(404);
      await http()
        .get(`/api/v1/attendees/${client.id}/appointments/${booked.id_event}/fee-agreement`)
        .set(bearer(stranger.token))
        .expect(403);
    });

    it('cannot be changed nor deleted, even by SQL', async () => {
      await expect(
        pool.query(`UPDATE fee_agreements SET client_ip = '10.0.0.1' WHERE appointment_id = $1`, [
          booked.id_event,
        ]),
      ).rejects.toThrow(/evidence/);
      await expect(
        pool.query(`DELETE FROM fee_agreements WHERE appointment_id = $1`, [booked.id_event]),
      ).rejects.toThrow(/evidence/);
      expect(await evidence(booked.id_event)).toEqual(row);
    });

    it('stays as accepted when the professional changes the motive’s terms afterwards', async () => {
      const changed = `${TERMS}\n\nArticle 4 – Nouveau\nUn acompte est dû.`;
      const saved = (await http().put(terms()).set(bearer(pro.token)).send({ terms: changed }).expect(200))
        .body;
      expect(saved.versionHash).toBe(sha256(changed));
      expect(await evidence(booked.id_event)).toEqual(row);
      const pdf = await http()
        .get(`/api/v1/users/${pro.id}/appointments/${booked.id_event}/fee-agreement`)
        .set(bearer(pro.token))
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(sha256(pdf.body as Buffer)).toBe(row.pdf_sha256);
      // A new booking accepts the new version.
      const other = await createAttendee(pool);
      const next = (await book(other, slot(), { fee_agreement_accepted: true }).expect(201)).body;
      expect((await evidence(next.id_event)).version_hash).toBe(sha256(changed));
    });
  });

  it('lets a client under full legal aid book without an agreement', async () => {
    const client = await createAttendee(pool);
    const booked = (await book(client, slot(), { legal_aid: true }).expect(201)).body;
    expect(booked.payment).toMatchObject({ status: 'legal_aid' });
    expect(booked.feeAgreement).toBeNull();
    expect(await evidence(booked.id_event)).toBeUndefined();
  });
});

describe('Fee agreement outside the lawyer sector', () => {
  let stack: Awaited<ReturnType<typeof startPaidStack>>;

  beforeAll(async () => {
    stack = await startPaidStack('notary');
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('never offers terms nor asks a client to accept any, even with a version stored', async () => {
    const { app, pool, pro } = stack;
    const path = `/api/v1/users/${pro.id}/motives/${pro.motiveId}/fee-agreement`;
    const got = await request(app.getHttpServer()).get(path).set(bearer(pro.token)).expect(200);
    expect(got.body).toMatchObject({ available: false, model: null });
    const refused = await request(app.getHttpServer())
      .put(path)
      .set(bearer(pro.token))
      .send({ terms: TERMS })
      .expect(400);
    expect(refused.body).toMatchObject({ code: 'FEE_AGREEMENT_NOT_AVAILABLE' });
    // Terms left from elsewhere (a sector switch) are ignored.
    await pool.query(
      `INSERT INTO motive_agreement_versions (motive_id, user_id, terms, hash) VALUES ($1, $2, $3, $4)`,
      [pro.motiveId, pro.id, TERMS, sha256(TERMS)],
    );
    const client = await createAttendee(pool);
    const booked = await request(app.getHttpServer())
      .post(`/api/v1/attendees/${client.id}/create-event`)
      .set(bearer(client.token))
      .send(bookingBody(pro, stack.slots[4]))
      .expect(201);
    expect(booked.body.feeAgreement).toBeNull();
    expect(booked.body.payment).toMatchObject({ status: 'awaiting_payment' });
  });
});
