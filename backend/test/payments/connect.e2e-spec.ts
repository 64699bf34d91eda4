import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { TestDb, uniqueTag } from '../auth/support/fixtures';
import { onboardProfessional } from '../support/connect';
import {
  bearer,
  bookingBody,
  createAttendee,
  createProfessional,
  freeSlots,
  type TestProfessional,
  waitUntil,
} from '../support/fixtures';
import type { SmtpReceiver } from '../support/smtp-receiver';
import type { StripeFake } from '../support/stripe-fake';
import { startPaymentsStack, type PaymentsStack } from '../support/payments-stack';

const SECRET = 'sk_test_fake_connect';
const WEBHOOK_SECRET = 'whsec_fake_connect';
const PRICE = 8000;
const PAID = {
  priceCents: PRICE,
  paymentRule: 'at_booking',
  cancellationDeadlineHours: 48,
  lateCancellationRefund: 'half',
};

/**
 * Stripe Connect end to end with the real SDK against the loopback fake: the professional's connected account
 * (hosted onboarding, `account.updated`), paid motives refused before it, destination charges carrying the
 * console's commission, payouts, the month's figures in Paris months, the console's audited refund, and a
 * far meeting whose saved card is refused at validation.
 */
describe('Professionals paid through Stripe Connect (fake)', () => {
  let stack: PaymentsStack;
  let app: NestFastifyApplication;
  let smtp: SmtpReceiver;
  let fake: StripeFake;
  let pool: Pool;
  let db: TestDb;
  let admin: { token: string; id: string };
  let pro: TestProfessional;
  let accountId: string;
  let slots: string[];
  let next = 0;
  const http = () => request(app.getHttpServer());
  const patchMotive = (who: TestProfessional, body: object) =>
    http().patch(`/api/v1/users/${who.id}/motives/${who.motiveId}`).set(bearer(who.token)).send(body);
  const payment = async (id: string) =>
    (await pool.query(`SELECT * FROM appointment_payments WHERE appointment_id = $1`, [id])).rows[0];
  const statusIs = (id: string, status: string) =>
    waitUntil(async () => (await payment(id))?.status === status, 30_000);
  const setCommission = (value: unknown) =>
    http()
      .put('/api/v1/admin/site-config')
      .set(bearer(admin.token))
      .send({ payment_commission_percent: value });

  async function bookAndPay(card?: string) {
    const who = await createAttendee(pool);
    const booked = (
      await http()
        .post(`/api/v1/attendees/${who.id}/create-event`)
        .set(bearer(who.token))
        .send(bookingBody(pro, slots[(next += 2)]))
        .expect(201)
    ).body;
    const sessionId = booked.payment.checkoutUrl.split('/').pop()!;
    await fake.completeCheckout(sessionId, { type: 'card', name: 'Alice Durand', number: card });
    await statusIs(booked.id_event, 'authorized');
    return { booked, who, sessionId };
  }

  beforeAll(async () => {
    stack = await startPaymentsStack({ secretKey: SECRET, webhookSecret: WEBHOOK_SECRET });
    ({ app, fake, smtp, pool } = stack);
    db = new TestDb();
    admin = await db.admin(uniqueTag('connect'));
    pro = await createProfessional(pool);
    slots = await freeSlots(app, pro, 10);
  }, 60_000);

  afterAll(async () => {
    await setCommission(0);
    await db?.close();
    await stack?.close();
  });

  it('a paid motive is refused in French before the onboarding; the hosted onboarding enables it', async () => {
    const before = (
      await http().get(`/api/v1/users/${pro.id}/payments/account`).set(bearer(pro.token)).expect(200)
    ).body;
    expect(before).toEqual({
      opened: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      commissionPercent: 0,
    });
    const refused = await patchMotive(pro, PAID).expect(409);
    expect(refused.body).toMatchObject({
      code: 'PAYMENTS_NOT_ENABLED',
      message: expect.stringContaining('Activez d’abord l’encaissement en ligne dans « Mes paiements »'),
    });
    // Nothing changed: the motive is still free.
    const motives = (await http().get(`/api/v1/users/${pro.id}/booking-motives`).expect(200)).body;
    expect(motives[0].paymentRule).toBe('free');
    const created = await http()
      .post(`/api/v1/users/${pro.id}/motives`)
      .set(bearer(pro.token))
      .send({ title: 'Consultation payée', durationMinutes: 30, ...PAID });
    expect(created.status).toBe(409);

    const onboarded = await onboardProfessional(app, fake, pro);
    accountId = onboarded.accountId;
    expect(onboarded.onboardingUrl).toMatch(new RegExp(`^${fake.url}/connect/onboarding/`));
    expect(onboarded.returnUrl).toBe('https://rdv.example/user/paiements?compte=retour');
    expect(fake.accounts.get(accountId)).toMatchObject({ type: 'express', country: 'FR', email: pro.email });
    // The webhook recorded it (the refresh on return reads the same).
    const { rows } = await pool.query(`SELECT * FROM payment_accounts WHERE user_id = $1`, [pro.id]);
    expect(rows[0]).toMatchObject({
      stripe_account_id: accountId,
      charges_enabled: true,
      payouts_enabled: true,
    });
    const refreshed = await http()
      .post(`/api/v1/users/${pro.id}/payments/account/refresh`)
      .set(bearer(pro.token))
      .expect(200);
    expect(refreshed.body).toMatchObject({ opened: true, chargesEnabled: true, payoutsEnabled: true });
    // A second start reuses the account (a new one-off link only).
    await http()
      .post(`/api/v1/users/${pro.id}/payments/account/onboarding`)
      .set(bearer(pro.token))
      .expect(200);
    expect([...fake.accounts.values()].filter((a) => a.metadata?.user_id === pro.id)).toHaveLength(1);

    await patchMotive(pro, PAID).expect(200);
  });

  it('the commission is a console setting: validated 0–30 % in French, audited, shown to the professional', async () => {
    for (const bad of [31, -1, 'dix', 10.555]) {
      const res = await setCommission(bad).expect(400);
      expect(res.body.message).toMatch(/La commission doit être/);
    }
    // null is refused by the validation pipe (a commission is never cleared).
    expect((await setCommission(null).expect(400)).body.message).toMatch(/ne peut pas être vide/);
    expect((await http().get('/api/v1/site-config').expect(200)).body.payment_commission_percent).toBe(0);
    const saved = await setCommission(10).expect(200);
    expect(saved.body.payment_commission_percent).toBe(10);
    const audit = await pool.query(
      `SELECT before, after FROM admin_audit_log WHERE resource = 'site-config' AND admin_id = $1 ORDER BY id DESC LIMIT 1`,
      [admin.id],
    );
    expect(audit.rows[0].before.payment_commission_percent).toBe(0);
    expect(audit.rows[0].after.payment_commission_percent).toBe(10);
    const account = await http()
      .get(`/api/v1/users/${pro.id}/payments/account`)
      .set(bearer(pro.token))
      .expect(200);
    expect(account.body.commissionPercent).toBe(10);
  });

  it('checkout is a destination charge to the professional with the 10 % commission; kept on capture', async () => {
    const { booked, sessionId } = await bookAndPay();
    expect(fake.sessions.get(sessionId)!.payment_intent_data).toMatchObject({
      capture_method: 'manual',
      transfer_data: { destination: accountId },
      application_fee_amount: String(PRICE / 10),
    });
    await http()
      .post(`/api/v1/events/${booked.id_event}/validate`)
      .set(bearer(pro.token))
      .send({})
      .expect(200);
    await statusIs(booked.id_event, 'captured');
    const row = await payment(booked.id_event);
    expect(row).toMatchObject({ destination_account_id: accountId, application_fee_cents: PRICE / 10 });
    expect(fake.paymentIntents.get(row.payment_intent_id)).toMatchObject({
      status: 'succeeded',
      amount_received: PRICE,
      transfer_data: { destination: accountId },
      application_fee_amount: PRICE / 10,
    });
    const figures = await http()
      .get(`/api/v1/users/${pro.id}/payments/figures`)
      .set(bearer(pro.token))
      .expect(200);
    expect(figures.body).toMatchObject({
      paymentsCents: PRICE,
      commissionCents: PRICE / 10,
      refundsCents: 0,
    });
    expect(figures.body.netCents).toBe(PRICE - PRICE / 10);
  });

  it('the console lists connected accounts and refunds a payment (audited); bad refunds are refused in French', async () => {
    const list = await http().get('/api/v1/admin/payment-accounts').set(bearer(admin.token)).expect(200);
    expect(list.body).toContainEqual(
      expect.objectContaining({ id: pro.id, stripeAccountId: accountId, chargesEnabled: true }),
    );
    const { rows } = await pool.query(
      `SELECT appointment_id FROM appointment_payments WHERE user_id = $1 AND status = 'captured'`,
      [pro.id],
    );
    const id = rows[0].appointment_id as string;
    const refund = (body: object) =>
      http().post(`/api/v1/admin/payments/${id}/refund`).set(bearer(admin.token)).send(body);
    expect((await refund({}).expect(400)).body.message).toBe('Indiquez le motif du remboursement');
    expect((await refund({ reason: 'Geste commercial', amountCents: PRICE + 1 }).expect(409)).body.code).toBe(
      'NOT_REFUNDABLE',
    );
    expect((await payment(id)).refund_due_cents).toBe(0);
    await refund({ reason: 'Geste commercial', amountCents: 3000 }).expect(200);
    await statusIs(id, 'partially_refunded');
    const row = await payment(id);
    expect(
      fake.refunds.filter((r) => r.payment_intent === row.payment_intent_id).map((r) => r.amount),
    ).toEqual([3000]);
    // The refunded share goes back from the professional's transfer, and the platform gives back the same share
    // of its commission (10 % of 30 €): no fee is kept on what the client got back.
    expect(fake.refunds.find((r) => r.payment_intent === row.payment_intent_id)!.transfer_reversal).toEqual(
      expect.stringMatching(/^trr_/),
    );
    expect(
      fake.feeRefunds.filter((r) => r.payment_intent === row.payment_intent_id).map((r) => r.amount),
    ).toEqual([300]);
    const audit = await pool.query(
      `SELECT after FROM admin_audit_log WHERE resource = 'payments' AND resource_id = $1 AND action = 'refund'`,
      [id],
    );
    expect(audit.rows[0].after).toMatchObject({ amountCents: 3000, reason: 'Geste commercial' });
    // The console's appointment page shows the payment as it now stands (its "Rembourser" button reads it).
    const shown = await http().get(`/api/v1/admin/appointments/${id}`).set(bearer(admin.token)).expect(200);
    expect(shown.body.payment).toEqual({
      status: 'partially_refunded',
      amountCents: PRICE,
      refundedCents: 3000,
      legalAid: false,
    });
    await http()
      .post(`/api/v1/admin/payments/00000000-0000-4000-8000-000000000000/refund`)
      .set(bearer(admin.token))
      .send({ reason: 'Inconnu' })
      .expect(404);
  });

  it('lists the connected account’s payouts from the provider', async () => {
    const day = 86_400;
    fake.connect!.addPayout(accountId, { amount: 7200, arrivalDate: fake.now() - 3 * day, status: 'paid' });
    fake.connect!.addPayout(accountId, { amount: 4000, arrivalDate: fake.now() + day, status: 'in_transit' });
    const other = await createProfessional(pool);
    await onboardProfessional(app, fake, other);
    const page = (
      await http().get(`/api/v1/users/${pro.id}/payments/payouts`).set(bearer(pro.token)).expect(200)
    ).body;
    expect(page.data.map((p: { amountCents: number; status: string }) => [p.amountCents, p.status])).toEqual([
      [4000, 'in_transit'],
      [7200, 'paid'],
    ]);
    const none = await http()
      .get(`/api/v1/users/${other.id}/payments/payouts`)
      .set(bearer(other.token))
      .expect(200);
    expect(none.body.data).toEqual([]);
  });

  it('lists every payout of a month, however many pages the provider needs (more than its 100 a page)', async () => {
    const day = 86_400;
    // 130 payouts arriving in January 2026 (Paris), one on 31 December at 23:30 UTC (already January in Paris),
    // one on 31 January at 23:30 UTC (February in Paris), one in December: the month shows the 131 of January.
    const january = Date.UTC(2026, 0, 1, 8) / 1000;
    for (let i = 0; i < 130; i++)
      fake.connect!.addPayout(accountId, {
        id: `po_jan_${String(i).padStart(3, '0')}`,
        amount: 1000 + i,
        arrivalDate: january + (i % 30) * day,
      });
    fake.connect!.addPayout(accountId, {
      id: 'po_new_year',
      amount: 555,
      arrivalDate: Date.UTC(2025, 11, 31, 23, 30) / 1000,
    });
    fake.connect!.addPayout(accountId, {
      id: 'po_february',
      amount: 777,
      arrivalDate: Date.UTC(2026, 0, 31, 23, 30) / 1000,
    });
    fake.connect!.addPayout(accountId, { amount: 999, arrivalDate: Date.UTC(2025, 11, 15) / 1000 });
    const pagesBefore = fake.connect!.payoutPagesServed();
    const list = (
      await http()
        .get(`/api/v1/users/${pro.id}/payments/payouts`)
        .query({ month: '2026-01' })
        .set(bearer(pro.token))
        .expect(200)
    ).body.data as { id: string; amountCents: number; arrivalDate: string }[];
    expect(list).toHaveLength(131);
    expect(new Set(list.map((p) => p.id)).size).toBe(131);
    expect(list.map((p) => p.id)).toContain('po_new_year');
    expect(list.map((p) => p.id)).not.toContain('po_february');
    expect(list.map((p) => p.amountCents)).not.toContain(999);
    // Newest first, across the pages.
    const dates = list.map((p) => Date.parse(p.arrivalDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // The provider answered in two pages (100 + 31): the cursor was followed.
    expect(fake.connect!.payoutPagesServed() - pagesBefore).toBe(2);
    // The default view (the last 90 days) is not flooded by January's payouts.
    const recent = (
      await http().get(`/api/v1/users/${pro.id}/payments/payouts`).set(bearer(pro.token)).expect(200)
    ).body.data as { amountCents: number }[];
    expect(recent.map((p) => p.amountCents)).toEqual([4000, 7200]);
    const bad = await http()
      .get(`/api/v1/users/${pro.id}/payments/payouts`)
      .query({ month: '2026-13' })
      .set(bearer(pro.token))
      .expect(400);
    expect(bad.body.message).toBe('Le mois doit être au format AAAA-MM');
  });

  it('the month’s figures are French months: a capture at 00:30 on the 1st in Paris counts in the new month', async () => {
    const { rows } = await pool.query(
      `SELECT appointment_id FROM appointment_payments WHERE user_id = $1 AND captured_at IS NOT NULL LIMIT 1`,
      [pro.id],
    );
    // 23:30 UTC on 31 December is 00:30 on 1 January in Paris; the refund, 23:30 UTC on 28 February, is in March.
    await pool.query(
      `UPDATE appointment_payments SET captured_at = '2025-12-31T23:30:00Z', refunded_at = '2026-02-28T23:30:00Z'
        WHERE appointment_id = $1`,
      [rows[0].appointment_id],
    );
    const figures = async (month: string) =>
      (
        await http()
          .get(`/api/v1/users/${pro.id}/payments/figures`)
          .query({ month })
          .set(bearer(pro.token))
          .expect(200)
      ).body;
    expect(await figures('2025-12')).toMatchObject({ paymentsCents: 0, commissionCents: 0 });
    expect(await figures('2026-01')).toMatchObject({
      month: '2026-01',
      paymentsCents: PRICE,
      commissionCents: PRICE / 10,
      refundsCents: 0,
      netCents: PRICE - PRICE / 10,
    });
    expect(await figures('2026-02')).toMatchObject({ refundsCents: 0 });
    // March's refund gave back 3 € of commission: it is taken off March's commission and the net.
    expect(await figures('2026-03')).toMatchObject({
      paymentsCents: 0,
      refundsCents: 3000,
      commissionCents: -300,
      netCents: -2700,
    });
    const bad = await http()
      .get(`/api/v1/users/${pro.id}/payments/figures`)
      .query({ month: '2026-13' })
      .set(bearer(pro.token))
      .expect(400);
    expect(bad.body.message).toBe('Le mois doit être au format AAAA-MM');
  });

  it('a far meeting whose saved card is refused at validation is not confirmed: both sides are mailed', async () => {
    const { booked, who } = await bookAndPay();
    const row = await payment(booked.id_event);
    expect(row.charge_at_validation).toBe(true);
    fake.setPaymentFails(row.payment_method_id, true);
    await fake.advance(7 * 86_400 + 60); // the authorisation lapses: the saved card is charged at validation
    await http()
      .post(`/api/v1/events/${booked.id_event}/validate`)
      .set(bearer(pro.token))
      .send({})
      .expect(200);
    await statusIs(booked.id_event, 'failed');
    await waitUntil(async () => {
      const { rows } = await pool.query(`SELECT status FROM appointments WHERE id = $1`, [booked.id_event]);
      return rows[0].status === 'cancelled';
    }, 30_000);
    const refusedTo = async (email: string) => {
      const find = () => smtp.to(email).find((m) => m.subject?.startsWith('Paiement refusé'));
      await smtp.waitFor(() => find() !== undefined, 30_000);
      return find()!;
    };
    const toClient = await refusedTo(who.email);
    expect(toClient.subject).toMatch(/n’est pas confirmé/);
    expect(toClient.text).toContain('aucune somme n’a été prélevée');
    expect(toClient.text).toContain('réservez de nouveau avec une autre carte');
    const toPro = await refusedTo(pro.email);
    expect(toPro.text).toContain('le créneau est de nouveau libre');
    // Nothing was charged and the slot is offered again.
    const intents = [...fake.paymentIntents.values()].filter(
      (i) => i.metadata?.appointment_id === booked.id_event && i.status === 'succeeded',
    );
    expect(intents).toEqual([]);
    expect(await freeSlots(app, pro, 10)).toContain(slots[next]);
  });
});
