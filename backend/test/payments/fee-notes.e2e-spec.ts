import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { Pool } from 'pg';
import request from 'supertest';
import { TestDb, uniqueTag } from '../auth/support/fixtures';
import type { SmtpReceiver } from '../support/smtp-receiver';
import {
  bearer,
  bookingBody,
  createAttendee,
  createProfessional,
  freeSlots,
  tokenFor,
  type TestAttendee,
  type TestProfessional,
  waitUntil,
} from '../support/fixtures';
import { COMPANY_FIELDS_TOGETHER, COMPANY_SIRET_INVALID } from '@rdv/sectors';
import { pdfText } from '../support/pdf-text';
import { validateFacturX } from '../support/facturx-schema';
import { uniqueSiret } from '../support/siret';
import type { StripeFake } from '../support/stripe-fake';
import { startPaymentsStack, type PaymentsStack } from '../support/payments-stack';
import { onboardProfessional } from '../support/connect';

const SECRET = 'sk_test_fake_fee_notes';
const WEBHOOK_SECRET = 'whsec_fake_fee_notes';
const PRICE = 8000;
const YEAR = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }).slice(0, 4);

/**
 * The professional's fee notes and credit notes, end to end with the real Stripe SDK against the loopback fake:
 * issued at the capture (validation) and at each refund, numbered per professional without gaps, mailed to the
 * client with the PDF (read by a real SMTP receiver) and filed in the client folder; immutable once issued.
 */
describe('Fee notes and credit notes (Stripe fake)', () => {
  let stack: PaymentsStack;
  let app: NestFastifyApplication;
  let smtp: SmtpReceiver;
  let fake: StripeFake;
  let pool: Pool;
  let lawyer: TestProfessional;
  const http = () => request(app.getHttpServer());

  async function payingPro(daysAhead = 10): Promise<{ pro: TestProfessional; slots: string[] }> {
    const pro = await createProfessional(pool);
    // Payments go to the professional's connected account: onboarded first, as the product requires.
    await onboardProfessional(app, fake, pro);
    await http()
      .patch(`/api/v1/users/${pro.id}/motives/${pro.motiveId}`)
      .set(bearer(pro.token))
      .send({
        priceCents: PRICE,
        paymentRule: 'at_booking',
        cancellationDeadlineHours: 48,
        lateCancellationRefund: 'half',
      })
      .expect(200);
    return { pro, slots: await freeSlots(app, pro, daysAhead) };
  }

  const payment = async (id: string) =>
    (await pool.query(`SELECT * FROM appointment_payments WHERE appointment_id = $1`, [id])).rows[0];
  const statusIs = (id: string, status: string) =>
    waitUntil(async () => (await payment(id))?.status === status, 60_000);
  const notesOf = async (userId: string) =>
    (
      await pool.query(
        `SELECT id, kind, number, sequence, appointment_id, credited_fee_note_id, total_ttc, total_ht, total_vat,
                vat_rate, facturx_xml FROM fee_notes WHERE user_id = $1 ORDER BY sequence`,
        [userId],
      )
    ).rows;

  /** A client books the paid motive, pays on the simulated hosted page, and the professional validates. */
  async function paidAndValidated(pro: TestProfessional, start: string, who?: TestAttendee) {
    const client = who ?? (await createAttendee(pool));
    const booked = (
      await http()
        .post(`/api/v1/attendees/${client.id}/create-event`)
        .set(bearer(client.token))
        .send(bookingBody(pro, start))
        .expect(201)
    ).body;
    await fake.completeCheckout(booked.payment.checkoutUrl.split('/').pop(), { type: 'card' });
    await statusIs(booked.id_event, 'authorized');
    return { booked, client };
  }
  const saveCompany = (who: TestAttendee, body: object) =>
    http().put(`/api/v1/attendees/${who.id}`).set(bearer(who.token)).send(body);
  const formatSiret = (siret: string) =>
    `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`;
  const validate = (pro: TestProfessional, id: string) =>
    http().post(`/api/v1/events/${id}/validate`).set(bearer(pro.token)).send({});

  beforeAll(async () => {
    stack = await startPaymentsStack({ secretKey: SECRET, webhookSecret: WEBHOOK_SECRET });
    ({ app, fake, smtp, pool } = stack);
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  }, 60_000);

  it('VAT settings: franchise by default; bad input refused in French and nothing saved', async () => {
    const { pro } = await payingPro();
    const settings = () => http().get(`/api/v1/users/${pro.id}/fee-note-settings`).set(bearer(pro.token));
    expect((await settings().expect(200)).body).toEqual({
      vat_regime: 'franchise',
      vat_number: null,
      vat_rate: 20,
      siret: null,
      vat_mention: 'TVA non applicable, art. 293 B du CGI',
    });
    const save = (body: object) =>
      http().put(`/api/v1/users/${pro.id}/fee-note-settings`).set(bearer(pro.token)).send(body);
    expect((await save({ vat_regime: 'vat' }).expect(400)).body.message).toBe(
      'Numéro de TVA intracommunautaire invalide (FR suivi de 11 caractères, ex. FR12345678901)',
    );
    expect((await save({ vat_regime: 'exonere' }).expect(400)).body.message).toBe(
      'Choisissez votre régime de TVA : franchise ou assujetti',
    );
    expect((await save({ vat_regime: 'franchise', siret: '123' }).expect(400)).body.message).toBe(
      'Le SIRET doit compter 14 chiffres',
    );
    expect(
      (await save({ vat_regime: 'vat', vat_number: 'FR12123456789', vat_rate: 55 }).expect(400)).body.message,
    ).toBe('Le taux de TVA doit être compris entre 1 et 30 %');
    expect((await settings().expect(200)).body.vat_regime).toBe('franchise');
    expect((await save({ vat_regime: 'vat', vat_number: 'FR12123456789' }).expect(200)).body).toMatchObject({
      vat_regime: 'vat',
      vat_number: 'FR12123456789',
      vat_rate: 20,
      vat_mention: null,
    });
  });

  it('validate a paid booking → fee note n° 1 issued, mailed to the client with its PDF, filed in the client folder', async () => {
    const { pro, slots } = await payingPro();
    lawyer = pro;
    await pool.query(
      `UPDATE users SET bar = 'lyon', street = '12 rue de la République', postal_code = '69002' WHERE id = $1`,
      [pro.id],
    );
    await http()
      .put(`/api/v1/users/${pro.id}/fee-note-settings`)
      .set(bearer(pro.token))
      .send({ vat_regime: 'franchise', siret: '12345678900012' })
      .expect(200);
    const { booked, client } = await paidAndValidated(pro, slots[0]);
    expect(await notesOf(pro.id)).toEqual([]); // nothing before the capture
    await validate(pro, booked.id_event).expect(200);
    await statusIs(booked.id_event, 'captured');
    const [note] = await notesOf(pro.id);
    expect(note).toMatchObject({
      kind: 'fee_note',
      number: `${YEAR}-0001`,
      sequence: 1,
      total_ttc: PRICE,
      total_vat: 0,
      vat_rate: 0,
      facturx_xml: null,
    });

    const mail = await smtp.waitFor(
      client.email,
      1,
      30_000,
      `Note d’honoraires ${YEAR}-0001 — Camille Martin`,
    );
    expect(mail.text).toContain(`note d’honoraires n° ${YEAR}-0001`);
    expect(mail.text).toContain('80,00\u00a0€ TTC');
    const attachment = mail.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(attachment.filename).toBe(`Note-d-honoraires-${YEAR}-0001.pdf`);
    const text = await pdfText(attachment.content);
    for (const mention of [
      `Note d’honoraires n° ${YEAR}-0001`,
      `Camille Martin`,
      'Avocat au Barreau de Lyon',
      'SIRET 12345678900012',
      '12 rue de la République',
      'Alice Durand',
      client.email,
      'Total HT',
      'Total TTC',
      '80,00\u00a0€',
      'TVA non applicable, art. 293 B du CGI',
    ])
      expect(text).toContain(mention);

    // The professional sees it in the client's folder, among the documents.
    await waitUntil(async () => {
      const folders = (await http().get(`/api/v1/users/${pro.id}/folders`).set(bearer(pro.token)).expect(200))
        .body;
      return folders.length === 1 && folders[0].documents_count === 1;
    }, 30_000);
    const [folder] = (await http().get(`/api/v1/users/${pro.id}/folders`).set(bearer(pro.token))).body;
    const detail = (await http().get(`/api/v1/folders/${folder.id}`).set(bearer(pro.token)).expect(200)).body;
    expect(detail.documents.map((d: { label: string }) => d.label)).toEqual([
      `Note d’honoraires ${YEAR}-0001`,
    ]);

    // "Mes paiements": listed with its download link; the PDF is the one mailed.
    const list = (await http().get(`/api/v1/users/${pro.id}/fee-notes`).set(bearer(pro.token)).expect(200))
      .body;
    expect(list.data).toEqual([
      expect.objectContaining({
        kind: 'fee_note',
        number: `${YEAR}-0001`,
        totalTtcCents: PRICE,
        creditedNumber: null,
        pdfUrl: `/api/v1/users/${pro.id}/fee-notes/${note.id}/pdf`,
      }),
    ]);
    const pdf = await http().get(list.data[0].pdfUrl).set(bearer(pro.token)).buffer(true).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(pdf.body, attachment.content)).toBe(0);
  });

  it('the download route refuses another professional, the client and an unknown id', async () => {
    const [note] = await notesOf(lawyer.id);
    const other = await createProfessional(pool);
    const url = `/api/v1/users/${lawyer.id}/fee-notes/${note.id}/pdf`;
    expect((await http().get(url).set(bearer(other.token))).status).toBe(403);
    // Through their own account path, another professional's note is not found.
    const own = await http()
      .get(`/api/v1/users/${other.id}/fee-notes/${note.id}/pdf`)
      .set(bearer(other.token))
      .expect(404);
    expect(own.body).toMatchObject({ code: 'FEE_NOTE_NOT_FOUND', message: 'Note d’honoraires introuvable' });
    const client = (
      await pool.query(`SELECT attendee_id FROM appointments WHERE id = $1`, [note.appointment_id])
    ).rows[0];
    expect(
      (
        await http()
          .get(url)
          .set(bearer(tokenFor('attendee', client.attendee_id)))
      ).status,
    ).toBe(401);
    expect((await http().get(url)).status).toBe(401);
    expect(
      (
        await http()
          .get(`/api/v1/users/${lawyer.id}/fee-notes/pas-un-id/pdf`)
          .set(bearer(lawyer.token))
          .expect(400)
      ).body.message,
    ).toBe('Identifiant invalide');
    expect(
      (await http().get(`/api/v1/users/${other.id}/fee-notes`).set(bearer(other.token)).expect(200)).body
        .data,
    ).toEqual([]);
  });

  it('a refund after the capture produces a credit note in the same sequence, referencing the fee note, mailed and filed', async () => {
    const { pro, slots } = await payingPro();
    const { booked, client } = await paidAndValidated(pro, slots[0]);
    await validate(pro, booked.id_event).expect(200);
    await statusIs(booked.id_event, 'captured');
    await http()
      .post(`/api/v1/events/${booked.id_event}/cancel`)
      .set(bearer(pro.token))
      .send({ reason: 'Indisponible' })
      .expect(200);
    await statusIs(booked.id_event, 'refunded');
    const [feeNote, credit] = await notesOf(pro.id);
    expect(feeNote).toMatchObject({ kind: 'fee_note', number: `${YEAR}-0001` });
    expect(credit).toMatchObject({
      kind: 'credit_note',
      number: `${YEAR}-0002`,
      credited_fee_note_id: feeNote.id,
      total_ttc: PRICE,
    });
    const mail = await smtp.waitFor(client.email, 1, 30_000, `Avoir ${YEAR}-0002 — Camille Martin`);
    expect(mail.text).toContain(`sur la note d’honoraires n° ${YEAR}-0001`);
    const text = await pdfText(mail.attachments[0].content);
    expect(text).toContain(`Avoir n° ${YEAR}-0002`);
    expect(text).toContain(`Avoir sur la note d’honoraires n° ${YEAR}-0001`);
    expect(text).toContain('Motif : Annulation du rendez-vous');
    const list = (await http().get(`/api/v1/users/${pro.id}/fee-notes`).set(bearer(pro.token)).expect(200))
      .body.data;
    expect(list.find((n: { kind: string }) => n.kind === 'credit_note')).toMatchObject({
      creditedNumber: `${YEAR}-0001`,
    });
    await waitUntil(async () => {
      const folders = (await http().get(`/api/v1/users/${pro.id}/folders`).set(bearer(pro.token))).body;
      return folders[0]?.documents_count === 2;
    }, 30_000);
  });

  it('a partial refund (the client cancels late: half back) produces a credit note of that part', async () => {
    const { pro, slots } = await payingPro(1); // tomorrow: inside the 48-hour deadline
    const { booked, client } = await paidAndValidated(pro, slots[slots.length - 1]);
    await validate(pro, booked.id_event).expect(200);
    await statusIs(booked.id_event, 'captured');
    await http().post(`/api/v1/appointments/${booked.refAppointment}/cancel`).send({}).expect(200);
    await statusIs(booked.id_event, 'partially_refunded');
    const [feeNote, credit] = await notesOf(pro.id);
    expect(feeNote).toMatchObject({ kind: 'fee_note', total_ttc: PRICE });
    expect(credit).toMatchObject({
      kind: 'credit_note',
      number: `${YEAR}-0002`,
      credited_fee_note_id: feeNote.id,
      total_ttc: PRICE / 2,
    });
    const mail = await smtp.waitFor(client.email, 1, 30_000, `Avoir ${YEAR}-0002 — Camille Martin`);
    expect(mail.text).toContain('de 40,00\u00a0€ TTC');
  });

  it('a refusal before validation charges nothing and issues no note', async () => {
    const { pro, slots } = await payingPro();
    const { booked } = await paidAndValidated(pro, slots[0]);
    await http()
      .post(`/api/v1/events/${booked.id_event}/refuse`)
      .set(bearer(pro.token))
      .send({ reason: 'Indisponible' })
      .expect(200);
    await statusIs(booked.id_event, 'refunded');
    expect(await notesOf(pro.id)).toEqual([]);
  });

  it('issued notes cannot be updated nor deleted', async () => {
    const [note] = await notesOf(lawyer.id);
    await expect(
      pool.query(`UPDATE fee_notes SET total_ttc = 1, total_ht = 1 WHERE id = $1`, [note.id]),
    ).rejects.toThrow(/fee_notes rows are immutable \(UPDATE refused\)/);
    await expect(pool.query(`DELETE FROM fee_notes WHERE id = $1`, [note.id])).rejects.toThrow(
      /fee_notes rows are immutable \(DELETE refused\)/,
    );
    expect((await notesOf(lawyer.id))[0]).toMatchObject({ total_ttc: PRICE });
  });

  it('a business client gives their company and SIRET in their account; a wrong SIRET is refused in French', async () => {
    const client = await createAttendee(pool);
    const stored = async () =>
      (await pool.query(`SELECT company_name, company_siret FROM attendees WHERE id = $1`, [client.id]))
        .rows[0];
    // A SIRET whose Luhn key is wrong, too short, or a name without its SIRET: 400, nothing saved.
    const good = uniqueSiret();
    const badKey = good.slice(0, 13) + String((Number(good[13]) + 1) % 10);
    for (const body of [
      { company_name: 'ACME SAS', company_siret: badKey },
      { company_name: 'ACME SAS', company_siret: '1234' },
    ])
      expect((await saveCompany(client, body).expect(400)).body.message).toBe(COMPANY_SIRET_INVALID);
    expect((await saveCompany(client, { company_name: 'ACME SAS' }).expect(400)).body.message).toBe(
      COMPANY_FIELDS_TOGETHER,
    );
    expect(await stored()).toEqual({ company_name: null, company_siret: null });
    // Typed as the Insee prints it (spaces): saved bare, and read back by the client.
    const saved = await saveCompany(client, {
      company_name: ' ACME  SAS ',
      company_siret: formatSiret(good),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ company_name: 'ACME SAS', company_siret: good });
    const read = await http().get(`/api/v1/attendees/${client.id}`).set(bearer(client.token)).expect(200);
    expect(read.body).toMatchObject({ company_name: 'ACME SAS', company_siret: good });
    // Both blank: no longer a business client.
    await saveCompany(client, { company_name: '', company_siret: '' }).expect(200);
    expect(await stored()).toEqual({ company_name: null, company_siret: null });
  });

  it('20 concurrent captures for one professional (VAT 20 %, one business client) are numbered 1..20 without gaps or duplicates', async () => {
    const { pro, slots } = await payingPro(12);
    await http()
      .put(`/api/v1/users/${pro.id}/fee-note-settings`)
      .set(bearer(pro.token))
      .send({ vat_regime: 'vat', vat_number: 'FR12123456789' })
      .expect(200);
    const starts = slots.slice(0, 20);
    expect(starts).toHaveLength(20);
    // The business client gives their company in their account (public site's profile → PUT /attendees/{id}).
    const business = await createAttendee(pool);
    const siret = uniqueSiret();
    await saveCompany(business, { company_name: 'ACME SAS', company_siret: formatSiret(siret) }).expect(200);
    // Booked one after the other (twenty holds at once would wait on the agenda lock), then validated all at once:
    // the worker captures them concurrently, each taking its number in its own transaction.
    const booked: Awaited<ReturnType<typeof paidAndValidated>>[] = [];
    for (const [i, start] of starts.entries())
      booked.push(await paidAndValidated(pro, start, i === 0 ? business : undefined));
    const answers = await Promise.all(
      booked.map(async ({ booked: b }) => {
        let answer = await validate(pro, b.id_event);
        // The agenda lock's documented answer under contention: "try again".
        for (let retry = 0; answer.status === 409 && answer.body.code === 'AGENDA_BUSY' && retry < 5; retry++)
          answer = await validate(pro, b.id_event);
        return answer;
      }),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    await waitUntil(async () => (await notesOf(pro.id)).length === 20, 120_000);
    const notes = await notesOf(pro.id);
    expect(notes.map((n) => n.sequence)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(notes.map((n) => n.number)).size).toBe(20);
    expect(new Set(notes.map((n) => n.appointment_id)).size).toBe(20);
    for (const note of notes)
      expect(note).toMatchObject({ total_ttc: PRICE, total_ht: 6667, total_vat: 1333, vat_rate: 20 });
    // The business client's note carries its Factur-X XML, in the PDF too; the others none.
    const businessNote = notes.find((n) => n.appointment_id === booked[0].booked.id_event)!;
    expect(businessNote.facturx_xml).toContain('<ram:Name>ACME SAS</ram:Name>');
    expect(businessNote.facturx_xml).toContain(`<ram:ID schemeID="0009">${siret}</ram:ID>`);
    expect(notes.filter((n) => n.facturx_xml !== null)).toHaveLength(1);
    // The fee note's CII is valid against the Factur-X EN 16931 schema, as the subscription invoices' is.
    expect(await validateFacturX(businessNote.facturx_xml)).toEqual({ valid: true, errors: [] });
    const pdf = (
      await http()
        .get(`/api/v1/users/${pro.id}/fee-notes/${businessNote.id}/pdf`)
        .set(bearer(pro.token))
        .buffer(true)
        .expect(200)
    ).body as Buffer;
    const attachments = (await PDFDocument.load(pdf)).getAttachments();
    expect(attachments.map((a) => a.name)).toEqual(['factur-x.xml']);
    // The XML embedded in the PDF/A-3 is the one kept with the note: the buyer's company and SIRET.
    const embedded = Buffer.from(attachments[0].data).toString('utf8');
    expect(embedded).toBe(businessNote.facturx_xml);
    expect(await pdfText(pdf)).toContain('TVA intracommunautaire FR12123456789');
  }, 240_000);

  it('the console lists every professional’s notes and downloads them; bad ids are refused', async () => {
    const db = new TestDb();
    const admin = bearer((await db.admin(uniqueTag('feen'))).token);
    await db.close();
    const list = await http()
      .get('/api/v1/admin/fee-notes')
      .query({ filter: JSON.stringify({ userId: lawyer.id }) })
      .set(admin);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ number: `${YEAR}-0001`, userId: lawyer.id, professional: `Camille Martin` }),
    ]);
    expect(list.headers['content-range']).toBe('fee-notes 0-0/1');
    await http().get(`/api/v1/admin/fee-notes/${list.body[0].id}/pdf`).set(admin).expect(200);
    // Professionals and clients do not reach the console's list.
    expect((await http().get('/api/v1/admin/fee-notes').set(bearer(lawyer.token))).status).toBe(403);
    expect((await http().get('/api/v1/admin/fee-notes')).status).toBe(401);
    expect(
      (
        await http()
          .get('/api/v1/admin/fee-notes/00000000-0000-4000-8000-000000000000/pdf')
          .set(admin)
          .expect(404)
      ).body.code,
    ).toBe('FEE_NOTE_NOT_FOUND');
  });
});
