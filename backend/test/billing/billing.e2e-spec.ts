import {
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFArray,
  PDFString,
  PDFHexString,
  decodePDFRawStream,
} from '@cantoo/pdf-lib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import request from 'supertest';
import { validateFacturX } from '../support/facturx-schema';
import { BillingScheduler } from '../../src/modules/billing';
import { createTestApp } from '../app';
import { SeededAccount, SeededUser, TestDb, uniqueTag } from '../auth/support/fixtures';
import { SmtpReceiver } from '../auth/support/smtp-receiver';
import { startWorker, waitUntil } from '../support/fixtures';
import { startStripeFake, type StripeFake } from '../support/stripe-fake';

const SECRET = 'sk_test_fake_billing';
const WEBHOOK_SECRET = 'whsec_fake_billing';
const DAY = 86_400;

const COMPANY = {
  name: 'RDV Avocat SAS',
  legalForm: 'SAS',
  capital: '10 000 €',
  siren: '912345675',
  siret: '91234567500017',
  rcs: 'RCS Lyon 912 345 675',
  vatNumber: 'FR65912345675',
  street: '10 place Bellecour',
  postalCode: '69002',
  city: 'Lyon',
  email: 'facturation@rdv-avocat.example',
};

/** The Factur-X XML embedded in a PDF (EmbeddedFiles name tree), by file name. */
async function embeddedFiles(pdfBytes: Buffer): Promise<Map<string, string>> {
  const pdf = await PDFDocument.load(pdfBytes);
  const names = pdf.catalog.lookup(PDFName.of('Names'), PDFDict);
  const embedded = names.lookup(PDFName.of('EmbeddedFiles'), PDFDict);
  const list = embedded.lookup(PDFName.of('Names'), PDFArray);
  const files = new Map<string, string>();
  for (let i = 0; i < list.size(); i += 2) {
    const name = list.lookup(i) as PDFString | PDFHexString;
    const spec = list.lookup(i + 1, PDFDict);
    const ef = spec.lookup(PDFName.of('EF'), PDFDict);
    const stream = ef.lookup(PDFName.of('F')) as PDFRawStream;
    files.set(name.decodeText(), Buffer.from(decodePDFRawStream(stream).decode()).toString('utf8'));
  }
  return files;
}

/**
 * Subscriptions with the real Stripe SDK against the loopback fake: Checkout by SEPA and card, the two-phase
 * schedule, dunning to suspension and back, cancel / resume, webhook duplicates, disorder and forgeries,
 * gapless numbering, immutable Factur-X invoices, nightly reconciliation.
 */
describe('Billing (Stripe fake, webhooks, invoices)', () => {
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let smtp: SmtpReceiver;
  let db: TestDb;
  let fake: StripeFake;
  let admin: SeededAccount;
  const http = () => request(app.getHttpServer());
  const as = (user: SeededUser, method: 'get' | 'post' | 'put', suffix = '') =>
    http()[method](`/api/v1/users/${user.id}/billing${suffix}`).set('Authorization', `Bearer ${user.token}`);
  const asAdmin = (method: 'get' | 'post' | 'put', url: string) =>
    http()[method](url).set('Authorization', `Bearer ${admin.token}`);

  /** Processed once the worker has applied every stored event. */
  const settled = async () => {
    await fake.settle();
    await waitUntil(async () => {
      const { rows } = await db.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM stripe_events WHERE processed_at IS NULL`,
      );
      return rows[0].n === 0;
    }, 90_000);
  };
  const billing = async (user: SeededUser) => (await as(user, 'get').expect(200)).body;

  /** A professional subscribes through our API and the simulated Checkout page. */
  async function subscribe(
    user: SeededUser,
    method: { type: 'sepa_debit' | 'card'; number?: string } = { type: 'sepa_debit' },
  ) {
    const { url } = (await as(user, 'post', '/checkout').expect(200)).body;
    expect(url).toMatch(new RegExp(`^${fake.url}/checkout/cs_test_`));
    const sessionId = url.split('/').pop();
    await fake.completeCheckout(sessionId, { ...method, name: 'Claire Dubois' });
    await settled();
    return fake.sessions.get(sessionId)!.subscription as string;
  }

  beforeAll(async () => {
    smtp = await SmtpReceiver.start();
    fake = await startStripeFake({
      secretKey: SECRET,
      webhookSecret: WEBHOOK_SECRET,
      prices: [
        { id: 'price_intro_test', unitAmount: 6900, nickname: 'Abonnement — tarif de lancement' },
        { id: 'price_standard_test', unitAmount: 13900, nickname: 'Abonnement' },
      ],
    });
    const env = {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://rdv.example',
      STRIPE_SECRET_KEY: SECRET,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_INTRO: 'price_intro_test',
      STRIPE_PRICE_STANDARD: 'price_standard_test',
      STRIPE_API_URL: fake.apiUrl,
    };
    app = await createTestApp({ env });
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    fake.setWebhookUrl(`http://127.0.0.1:${address.port}/api/v1/billing/stripe/webhook`);
    worker = await startWorker(env);
    db = new TestDb();
    admin = await db.admin(uniqueTag('bila'));
    await asAdmin('put', '/api/v1/admin/billing/company').send(COMPANY).expect(200);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await fake?.stop();
    await smtp?.close();
    await db?.close();
  });

  it('subscribes by SEPA debit: 69 € HT for six months then 139 €, first invoice issued and paid', async () => {
    const pro = await db.user(uniqueTag('sepa'));
    expect((await billing(pro)).subscription).toBeNull();
    const page = await fetch((await as(pro, 'post', '/checkout').expect(200)).body.url);
    expect(await page.text()).toContain('Simulation');

    const subscriptionId = await subscribe(pro);
    const state = await billing(pro);
    expect(state.subscription).toMatchObject({
      status: 'active',
      priceHt: 6900,
      intro: true,
      paymentMethod: 'Prélèvement SEPA •••• 2606',
      cancelAtPeriodEnd: false,
      nextDebitTtc: 8280,
    });
    // The schedule's first phase lasts six months from the start.
    const schedule = fake.schedules.get(fake.subscriptions.get(subscriptionId)!.schedule)!;
    expect(schedule.phases.map((p: { items: { price: string }[] }) => p.items[0].price)).toEqual([
      'price_intro_test',
      'price_standard_test',
    ]);
    const introEnds = new Date(state.subscription.introEndsAt);
    const start = new Date(fake.subscriptions.get(subscriptionId)!.start_date * 1000);
    expect(introEnds.getUTCMonth()).toBe((start.getUTCMonth() + 6) % 12);
    expect(state.invoices).toHaveLength(1);
    expect(state.invoices[0]).toMatchObject({
      kind: 'invoice',
      totalHt: 6900,
      totalVat: 1380,
      totalTtc: 8280,
    });
    expect(state.invoices[0].number).toMatch(/^F-\d{6}$/);
    // The sponsorship's "subscribed" state comes from this first paid invoice.
    expect((await db.userRow(pro.id)).subscribedAt).not.toBeNull();

    const pdf = await as(pro, 'get', `/invoices/${state.invoices[0].id}/pdf`).buffer(true).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('subscribes by card and refuses a second subscription', async () => {
    const pro = await db.user(uniqueTag('card'));
    await subscribe(pro, { type: 'card', number: '4242424242424242' });
    const state = await billing(pro);
    expect(state.subscription).toMatchObject({ status: 'active', paymentMethod: 'Visa •••• 4242' });
    expect(state.invoices).toHaveLength(1);
    const again = await as(pro, 'post', '/checkout').expect(409);
    expect(again.body).toMatchObject({
      code: 'ALREADY_SUBSCRIBED',
      message: 'Vous avez déjà un abonnement en cours',
    });
  });

  it('lists subscriptions in the console with their professional, newest first, and opens one', async () => {
    const first = await db.user(uniqueTag('lista'));
    const second = await db.user(uniqueTag('listb'));
    const firstId = await subscribe(first);
    const secondId = await subscribe(second, { type: 'card', number: '4242424242424242' });
    const listed = (await asAdmin('get', '/api/v1/admin/billing/subscriptions').expect(200)).body as Array<{
      id: string;
      email: string;
      professional: string;
    }>;
    const ids = listed.map((s) => s.id);
    expect(ids.indexOf(secondId)).toBeLessThan(ids.indexOf(firstId));
    expect(listed.find((s) => s.id === secondId)).toMatchObject({
      email: second.email,
      professional: expect.stringMatching(/^Camille Durand /),
      status: 'active',
      plan: 'intro',
      paymentMethod: 'Visa •••• 4242',
      suspendedAt: null,
    });
    const one = await asAdmin('get', `/api/v1/admin/billing/subscriptions/${firstId}`).expect(200);
    expect(one.body).toMatchObject({ id: firstId, email: first.email, userId: first.id });
    await asAdmin('get', '/api/v1/admin/billing/subscriptions/sub_inconnu').expect(404);
  });

  it('pages, filters and sorts the console’s subscription list, with a Content-Range react-admin reads', async () => {
    const tag = uniqueTag('page');
    const pros = [await db.user(`${tag}a`), await db.user(`${tag}b`), await db.user(`${tag}c`)];
    const ids = [];
    for (const pro of pros) ids.push(await subscribe(pro));
    const filter = encodeURIComponent(JSON.stringify({ q: tag }));
    const firstPage = await asAdmin(
      'get',
      `/api/v1/admin/billing/subscriptions?filter=${filter}&range=${encodeURIComponent('[0,1]')}`,
    ).expect(200);
    expect(firstPage.headers['content-range']).toBe('billing/subscriptions 0-1/3');
    expect(firstPage.body.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    const lastPage = await asAdmin(
      'get',
      `/api/v1/admin/billing/subscriptions?filter=${filter}&range=${encodeURIComponent('[2,3]')}`,
    ).expect(200);
    expect(lastPage.headers['content-range']).toBe('billing/subscriptions 2-2/3');
    expect(lastPage.body.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
    const oldestFirst = await asAdmin(
      'get',
      `/api/v1/admin/billing/subscriptions?filter=${filter}&sort=${encodeURIComponent('["createdAt","ASC"]')}`,
    ).expect(200);
    expect(oldestFirst.body.map((s: { id: string }) => s.id)).toEqual(ids);
    const none = await asAdmin(
      'get',
      `/api/v1/admin/billing/subscriptions?filter=${encodeURIComponent(JSON.stringify({ q: tag, status: 'canceled' }))}`,
    ).expect(200);
    expect(none.body).toEqual([]);
    const badSort = await asAdmin(
      'get',
      `/api/v1/admin/billing/subscriptions?sort=${encodeURIComponent('["email","ASC"]')}`,
    ).expect(400);
    expect(badSort.body.message).toBe('Tri impossible sur le champ email');
  });

  it('moves from 69 € to 139 € HT after six months, by the schedule alone', async () => {
    const pro = await db.user(uniqueTag('phas'));
    const subscriptionId = await subscribe(pro);
    const schedule = fake.schedules.get(fake.subscriptions.get(subscriptionId)!.schedule)!;
    await fake.advance(schedule.phases[0].end_date - fake.now() + 60);
    await settled();
    const state = await billing(pro);
    expect(state.subscription).toMatchObject({ priceHt: 13900, intro: false, nextDebitTtc: 16680 });
    const amounts = state.invoices.map((i: { totalHt: number }) => i.totalHt).reverse();
    expect(amounts).toEqual([6900, 6900, 6900, 6900, 6900, 6900, 13900]);
  }, 60_000);

  it('lengthens the introductory phase from the console by calendar months, then moves to 139 € at its new end', async () => {
    // Subscribed on 31 July, the intro ends on 31 January: one month more ends on the last day of February,
    // not on 3 March as adding a month to a date would.
    const now = new Date(fake.now() * 1000);
    let july31 = Date.UTC(now.getUTCFullYear(), 6, 31, 10) / 1000;
    if (july31 <= fake.now()) july31 = Date.UTC(now.getUTCFullYear() + 1, 6, 31, 10) / 1000;
    await fake.advance(july31 - fake.now());
    await settled();
    const pro = await db.user(uniqueTag('extd'));
    const subscriptionId = await subscribe(pro);
    const scheduleId = fake.subscriptions.get(subscriptionId)!.schedule;
    const introEnd = fake.schedules.get(scheduleId)!.phases[0].end_date as number;
    expect(new Date(introEnd * 1000).toISOString().slice(5, 10)).toBe('01-31');
    const extended = await asAdmin(
      'post',
      `/api/v1/admin/billing/subscriptions/${subscriptionId}/extend-trial`,
    )
      .send({ months: 1 })
      .expect(200);
    const newEnd = fake.schedules.get(scheduleId)!.phases[0].end_date as number;
    const endOfFebruary = new Date(Date.UTC(new Date(introEnd * 1000).getUTCFullYear(), 2, 0));
    expect(new Date(newEnd * 1000).toISOString().slice(0, 10)).toBe(endOfFebruary.toISOString().slice(0, 10));
    expect(extended.body.introEndsAt).toBe(new Date(newEnd * 1000).toISOString());

    await fake.advance(introEnd - fake.now() + 60);
    await settled();
    expect((await billing(pro)).subscription).toMatchObject({ priceHt: 6900, intro: true });
    await fake.advance(newEnd - fake.now() + 60);
    await settled();
    const state = await billing(pro);
    expect(state.subscription).toMatchObject({ priceHt: 13900, intro: false });
    const amounts = state.invoices.map((i: { totalHt: number }) => i.totalHt).reverse();
    expect(amounts).toEqual([...Array(7).fill(6900), 13900]);
  }, 90_000);

  it('mails a failed debit at once, then the formal notice, suspends after 15 days and restores on payment', async () => {
    const pro = await db.user(uniqueTag('fail'));
    const subscriptionId = await subscribe(pro);
    const subscription = fake.subscriptions.get(subscriptionId)!;
    fake.setPaymentFails(subscription.default_payment_method, true);
    await fake.advance(subscription.items.data[0].current_period_end - fake.now() + 60);
    await settled();
    const failed = await smtp.waitFor(
      pro.email,
      1,
      15_000,
      'Échec du prélèvement de votre abonnement RDV Avocat',
    );
    expect(failed.text).toContain('82,80 €');
    expect(failed.text).toContain('https://rdv.example/user/abonnement');
    expect((await billing(pro)).subscription).toMatchObject({ status: 'past_due', failedPayments: 1 });

    const scheduler = worker.get(BillingScheduler);
    const now = Date.now();
    expect(await scheduler.dunning(new Date(now + 5 * DAY * 1000))).toEqual({ notices: 0, suspensions: 0 });
    expect((await scheduler.dunning(new Date(now + 11 * DAY * 1000))).notices).toBeGreaterThanOrEqual(1);
    const notice = await smtp.waitFor(pro.email, 1, 15_000, 'Mise en demeure : abonnement RDV Avocat impayé');
    expect(notice.text).toContain('votre profil sera suspendu');
    expect((await db.userRow(pro.id)).isPublic).toBe(true);
    await scheduler.dunning(new Date(now + 20 * DAY * 1000));
    expect((await db.userRow(pro.id)).isPublic).toBe(true);
    await scheduler.dunning(new Date(now + 27 * DAY * 1000));
    await smtp.waitFor(pro.email, 1, 15_000, 'Votre profil RDV Avocat est suspendu');
    expect((await db.userRow(pro.id)).isPublic).toBe(false);
    expect((await billing(pro)).suspended).toBe(true);

    // The professional fixes the payment method; Stripe's next retry succeeds.
    fake.setPaymentFails(subscription.default_payment_method, false);
    await fake.advance(3 * DAY);
    await settled();
    await smtp.waitFor(pro.email, 1, 15_000, 'Votre profil RDV Avocat est de nouveau en ligne');
    expect((await db.userRow(pro.id)).isPublic).toBe(true);
    const state = await billing(pro);
    expect(state.suspended).toBe(false);
    expect(state.subscription).toMatchObject({ status: 'active', failedPayments: 0, pastDueSince: null });
    expect(state.invoices).toHaveLength(2);
  }, 60_000);

  it('cancels at the end of the paid month and resumes before it', async () => {
    const pro = await db.user(uniqueTag('canc'));
    const subscriptionId = await subscribe(pro);
    const cancelled = (await as(pro, 'post', '/cancel').expect(200)).body;
    expect(cancelled.subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      nextDebitAt: null,
    });
    const resumed = (await as(pro, 'post', '/resume').expect(200)).body;
    expect(resumed.subscription).toMatchObject({ cancelAtPeriodEnd: false });
    expect(resumed.subscription.nextDebitAt).not.toBeNull();
    await as(pro, 'post', '/cancel').expect(200);
    await fake.advance(
      fake.subscriptions.get(subscriptionId)!.items.data[0].current_period_end - fake.now() + 60,
    );
    await settled();
    const ended = await billing(pro);
    expect(ended.subscription.status).toBe('canceled');
    expect(ended.invoices).toHaveLength(1);
    await as(pro, 'post', '/resume').expect(404);
  }, 60_000);

  it('applies duplicated and reversed webhooks once, with the state of the objects', async () => {
    const pro = await db.user(uniqueTag('dupl'));
    fake.holdWebhooks();
    const { url } = (await as(pro, 'post', '/checkout').expect(200)).body;
    const sessionId = url.split('/').pop();
    await fake.completeCheckout(sessionId, { type: 'sepa_debit' });
    await fake.releaseWebhooks({ reverse: true, duplicate: true });
    await settled();
    const state = await billing(pro);
    expect(state.subscription).toMatchObject({ status: 'active', priceHt: 6900, intro: true });
    expect(state.invoices).toHaveLength(1);
    // A later redelivery of the payment event is acknowledged and changes nothing.
    const paid = fake.events.filter(
      (e) => e.type === 'invoice.paid' && e.data.object.customer === fake.sessions.get(sessionId)!.customer,
    );
    expect(await fake.resend(paid[0].id)).toBe(200);
    await settled();
    expect((await billing(pro)).invoices).toHaveLength(1);
    const { rows } = await db.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM stripe_events WHERE id = ${paid[0].id}`,
    );
    expect(rows[0].n).toBe(1);
  }, 60_000);

  it('refuses a webhook whose signature is forged or missing, and stores nothing', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged_1',
      object: 'event',
      type: 'invoice.paid',
      data: { object: { id: 'in_x', object: 'invoice' } },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    const refused = await http()
      .post('/api/v1/billing/stripe/webhook')
      .set('content-type', 'application/json')
      .set('stripe-signature', forged)
      .send(payload)
      .expect(400);
    expect(refused.body).toMatchObject({
      code: 'WEBHOOK_SIGNATURE_INVALID',
      message: 'Signature du webhook absente ou invalide',
    });
    await http()
      .post('/api/v1/billing/stripe/webhook')
      .set('content-type', 'application/json')
      .send(payload)
      .expect(400);
    // A body altered after signing is refused as well.
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    await http()
      .post('/api/v1/billing/stripe/webhook')
      .set('content-type', 'application/json')
      .set('stripe-signature', signed)
      .send(payload.replace('in_x', 'in_y'))
      .expect(400);
    const { rows } = await db.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM stripe_events WHERE id = 'evt_forged_1'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('numbers 50 invoices of concurrent payment events without gap nor duplicate', async () => {
    const pros = await Promise.all(Array.from({ length: 50 }, (_, i) => db.user(uniqueTag(`n${i}`))));
    fake.holdWebhooks();
    for (const pro of pros) {
      const { url } = (await as(pro, 'post', '/checkout').expect(200)).body;
      await fake.completeCheckout(url.split('/').pop(), { type: 'sepa_debit' });
    }
    // Only the payment events, all at once: the numbering is what is under test.
    await fake.releaseWebhooks({ parallel: true, only: (event) => event.type === 'invoice.paid' });
    await settled();
    const { rows } = await db.db.execute<{ sequence: number; number: string }>(
      sql`SELECT sequence::int AS sequence, number FROM billing_invoices WHERE company_id = 1 ORDER BY sequence`,
    );
    const sequences = rows.map((r) => r.sequence);
    expect(new Set(sequences).size).toBe(sequences.length);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1));
    const ours = await db.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM billing_invoices WHERE user_id IN (${sql.join(
        pros.map((p) => sql`${p.id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(ours.rows[0].n).toBe(50);
  }, 120_000);

  it('keeps invoices immutable: UPDATE and DELETE are refused by the database', async () => {
    const { rows } = await db.db.execute<{ id: string }>(sql`SELECT id FROM billing_invoices LIMIT 1`);
    const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/immutable/) }) };
    await expect(
      db.db.execute(sql`UPDATE billing_invoices SET total_ht = 1 WHERE id = ${rows[0].id}`),
    ).rejects.toMatchObject(refused);
    await expect(
      db.db.execute(sql`DELETE FROM billing_invoices WHERE id = ${rows[0].id}`),
    ).rejects.toMatchObject(refused);
    const still = await db.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM billing_invoices WHERE id = ${rows[0].id} AND total_ht <> 1`,
    );
    expect(still.rows[0].n).toBe(1);
  });

  it('embeds a Factur-X XML in the PDF that validates against the EN 16931 CII schema, with the mandatory mentions', async () => {
    const pro = await db.user(uniqueTag('fx'));
    await as(pro, 'put', '/profile')
      .send({
        firmName: 'Cabinet Dubois & Associés',
        siren: '732829320',
        street: '12 rue de la République',
        postalCode: '69002',
        city: 'Lyon',
      })
      .expect(200);
    await subscribe(pro);
    const [invoice] = (await billing(pro)).invoices;
    const pdf = (await as(pro, 'get', `/invoices/${invoice.id}/pdf`).buffer(true).expect(200)).body as Buffer;
    const files = await embeddedFiles(pdf);
    const xml = files.get('factur-x.xml')!;
    expect(xml).toContain('urn:cen.eu:en16931:2017');
    expect(xml).toContain('<ram:GrandTotalAmount>82.80</ram:GrandTotalAmount>');
    expect(xml).toContain('Cabinet Dubois &amp; Associés');
    expect(xml).toContain('732829320');
    expect(xml).toContain(COMPANY.vatNumber);
    const result = await validateFacturX(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    // A broken document is refused by the same check (the validation is not a formality).
    const broken = await validateFacturX(xml.replace('<ram:TypeCode>380</ram:TypeCode>', ''));
    expect(broken.valid).toBe(false);
    // The mentions French law asks for are printed (the document the PDF is drawn from).
    const { rows } = await db.db.execute<{ document: Record<string, unknown> }>(
      sql`SELECT document FROM billing_invoices WHERE id = ${invoice.id}`,
    );
    const text = JSON.stringify(rows[0].document);
    for (const mention of [
      '40 €',
      'pénalités',
      COMPANY.siren,
      COMPANY.rcs,
      COMPANY.capital,
      'Cabinet Dubois & Associés',
    ])
      expect(text).toContain(mention);
    // What the e-invoicing platform would receive is kept.
    const sent = await db.db.execute<{ payload: string }>(
      sql`SELECT payload FROM einvoice_transmissions WHERE invoice_id = ${invoice.id}`,
    );
    expect(sent.rows[0].payload).toBe(xml);
  });

  it('prints the firm name and SIREN the professional entered on the next invoice; a wrong SIREN is refused', async () => {
    const pro = await db.user(uniqueTag('firm'));
    const subscriptionId = await subscribe(pro);
    const before = (await billing(pro)).invoices[0];
    const firm = { street: '3 quai Saint-Antoine', postalCode: '69002', city: 'Lyon' };
    // Nine digits whose Luhn key is wrong: refused in French, nothing stored.
    const refused = await as(pro, 'put', '/profile')
      .send({ ...firm, firmName: 'Cabinet Morel', siren: '912345678' })
      .expect(400);
    expect(JSON.stringify(refused.body)).toContain('Le SIREN doit compter 9 chiffres et être valide');
    expect((await billing(pro)).profile).toBeNull();
    // Typed as the Insee prints it: stored as the bare digits.
    const saved = await as(pro, 'put', '/profile')
      .send({ ...firm, firmName: 'Cabinet Morel', siren: '912 345 675' })
      .expect(200);
    expect(saved.body.profile).toMatchObject({ firmName: 'Cabinet Morel', siren: '912345675' });
    // The invoice already issued is not edited; the next month's carries the firm.
    const subscription = fake.subscriptions.get(subscriptionId)!;
    await fake.advance(subscription.items.data[0].current_period_end - fake.now() + 60);
    await settled();
    const [next] = (await billing(pro)).invoices;
    expect(next.id).not.toBe(before.id);
    const { rows } = await db.db.execute<{ id: string; document: { customer: Record<string, unknown> } }>(
      sql`SELECT id, document FROM billing_invoices WHERE id IN (${before.id}, ${next.id})`,
    );
    const customer = (id: string) => rows.find((row) => row.id === id)!.document.customer;
    expect(customer(next.id)).toMatchObject({ name: 'Cabinet Morel', siren: '912345675' });
    expect(customer(before.id)).toMatchObject({ siren: null });
  }, 60_000);

  it('refunds through Stripe with a credit note, never more than the invoice', async () => {
    const pro = await db.user(uniqueTag('refd'));
    await subscribe(pro);
    const [invoice] = (await billing(pro)).invoices;
    const refundsBefore = fake.refunds.length;
    const note = (
      await asAdmin('post', `/api/v1/admin/billing/invoices/${invoice.id}/refund`)
        .send({ reason: 'Geste commercial', amountTtc: 2000 })
        .expect(200)
    ).body;
    expect(note).toMatchObject({ kind: 'credit_note', totalTtc: 2000, creditedInvoiceId: invoice.id });
    // The money goes back through the debit that paid the invoice.
    expect(fake.refunds.slice(refundsBefore)).toEqual([
      expect.objectContaining({ amount: 2000, status: 'succeeded', metadata: { invoice: invoice.number } }),
    ]);
    const tooMuch = await asAdmin('post', `/api/v1/admin/billing/invoices/${invoice.id}/refund`)
      .send({ reason: 'Encore', amountTtc: 7000 })
      .expect(409);
    expect(tooMuch.body.code).toBe('CREDIT_EXCEEDS_INVOICE');
    expect(fake.refunds.length).toBe(refundsBefore + 1);
    // The console's invoice page and its filtered list say what was credited.
    const page = await asAdmin('get', `/api/v1/admin/billing/invoices/${invoice.id}`).expect(200);
    expect(page.body).toMatchObject({ id: invoice.id, credited: 2000, kind: 'invoice' });
    const filtered = await asAdmin(
      'get',
      `/api/v1/admin/billing/invoices?filter=${encodeURIComponent(JSON.stringify({ userId: pro.id }))}`,
    ).expect(200);
    expect(filtered.headers['content-range']).toBe('billing/invoices 0-1/2');
    expect(filtered.body.map((i: { kind: string; credited: number }) => [i.kind, i.credited])).toEqual([
      ['credit_note', 0],
      ['invoice', 2000],
    ]);
    const notes = await asAdmin(
      'get',
      `/api/v1/admin/billing/invoices?filter=${encodeURIComponent(JSON.stringify({ userId: pro.id, kind: 'credit_note' }))}`,
    ).expect(200);
    expect(notes.body.map((i: { id: string }) => i.id)).toEqual([note.id]);
    const badKind = await asAdmin(
      'get',
      `/api/v1/admin/billing/invoices?filter=${encodeURIComponent(JSON.stringify({ kind: 'devis' }))}`,
    ).expect(400);
    expect(badKind.body.message).toBe('Type de pièce inconnu');
    expect((await billing(pro)).invoices.map((i: { kind: string }) => i.kind)).toEqual([
      'credit_note',
      'invoice',
    ]);
  });

  it('reports drift between Stripe and the mirror at the nightly reconciliation, then follows Stripe', async () => {
    const pro = await db.user(uniqueTag('drft'));
    const subscriptionId = await subscribe(pro);
    fake.tamper(subscriptionId, { cancel_at_period_end: true });
    const scheduler = worker.get(BillingScheduler);
    expect(await scheduler.reconcile()).toBeGreaterThanOrEqual(1);
    const { rows } = await db.db.execute<{ field: string; ours: string; theirs: string }>(
      sql`SELECT field, ours, theirs FROM billing_drifts WHERE stripe_subscription_id = ${subscriptionId}`,
    );
    expect(rows).toEqual([{ field: 'cancelAtPeriodEnd', ours: 'false', theirs: 'true' }]);
    expect((await billing(pro)).subscription.cancelAtPeriodEnd).toBe(true);
  }, 60_000);

  it('counts a subscription in the revenue figures from its start at Stripe, not from when it was mirrored', async () => {
    const startedOn = new Date(Date.now() - 40 * DAY * 1000);
    const month = startedOn.toISOString().slice(0, 7);
    const point = async () =>
      (
        (await asAdmin('get', '/api/v1/admin/billing/metrics').expect(200)).body as {
          month: string;
          mrr: number;
          active: number;
        }[]
      ).find((p) => p.month === month)!;
    const before = await point();
    // Stripe's clock 40 days back: the subscription starts then, while the mirror's row is written today.
    const back = fake.now() - Math.floor(startedOn.getTime() / 1000);
    await fetch(`${fake.url}/_fake/rewind?seconds=${back}`, { method: 'POST' });
    const pro = await db.user(uniqueTag('mrr'));
    await subscribe(pro);
    const after = await point();
    expect(after.active).toBe(before.active + 1);
    expect(after.mrr).toBe(before.mrr + 6900);
  }, 60_000);
});
