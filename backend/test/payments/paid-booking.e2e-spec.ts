import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import type { Pool } from 'pg';
import request from 'supertest';
import { UNANSWERED_REASON, UnansweredPaidRequests } from '../../src/modules/booking';
import { QueueRegistry } from '../../src/queue/queue.registry';
import { TestDb, uniqueTag } from '../auth/support/fixtures';
import type { SmtpReceiver } from '../support/smtp-receiver';
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
import { onboardProfessional } from '../support/connect';
import type { StripeFake } from '../support/stripe-fake';
import { startPaymentsStack, type PaymentsStack } from '../support/payments-stack';

const SECRET = 'sk_test_fake_payments';
const WEBHOOK_SECRET = 'whsec_fake_payments';
const PRICE = 8000;
const DAY = 86_400;

/**
 * Paid motives end to end, with the real Stripe SDK against the loopback fake: the card authorised on the
 * hosted page and captured at validation, refunds, the 15-minute hold and its release, the redirect and the
 * webhook in either order, the client's cancellation rule, the saved card of a far meeting, legal aid.
 */
describe('Paid consultations (Stripe fake)', () => {
  let stack: PaymentsStack;
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let smtp: SmtpReceiver;
  let fake: StripeFake;
  let pool: Pool;
  let pro: TestProfessional;
  let slots: string[];
  let next = 0;
  const http = () => request(app.getHttpServer());
  const slot = () => slots[(next += 2)];

  const book = (start: string, who: TestAttendee, extra: Record<string, unknown> = {}) =>
    http()
      .post(`/api/v1/attendees/${who.id}/create-event`)
      .set(bearer(who.token))
      .send(bookingBody(pro, start, extra));
  const asPro = (action: 'validate' | 'refuse' | 'cancel', id: string) =>
    http()
      .post(`/api/v1/events/${id}/${action}`)
      .set(bearer(pro.token))
      .send(action === 'validate' ? {} : { reason: 'Indisponible' });
  const sessionOf = (body: { payment: { checkoutUrl: string } }) =>
    body.payment.checkoutUrl.split('/').pop()!;
  const payment = async (id: string) =>
    (await pool.query(`SELECT * FROM appointment_payments WHERE appointment_id = $1`, [id])).rows[0];
  const statusIs = (id: string, status: string) =>
    waitUntil(async () => (await payment(id))?.status === status, 30_000);
  const requestedJobs = async (id: string) =>
    (
      await pool.query(
        `SELECT count(*)::int AS n FROM outbox WHERE job_name = 'booking.notification'
           AND payload->>'event' = 'requested' AND payload->>'appointmentId' = $1`,
        [id],
      )
    ).rows[0].n as number;
  const offered = async (start: string) => (await freeSlots(app, pro, 10)).includes(start);

  /** A client books the paid motive and pays on the simulated hosted page. */
  async function bookAndPay(start: string) {
    const who = await createAttendee(pool);
    const booked = (await book(start, who).expect(201)).body;
    await fake.completeCheckout(sessionOf(booked), { type: 'card', name: 'Alice Durand' });
    await statusIs(booked.id_event, 'authorized');
    return { booked, who };
  }

  /** "15 minutes pass": the delayed release job of this booking runs now. */
  async function holdRunsOut(appointmentId: string) {
    const queue = worker.get(QueueRegistry).get('notifications');
    let job: Awaited<ReturnType<typeof queue.getDelayed>>[number] | undefined;
    await waitUntil(async () => {
      job = (await queue.getDelayed()).find((j) => j.data.appointmentId === appointmentId);
      return job !== undefined;
    });
    expect(job!.opts.delay).toBeGreaterThan(14 * 60_000);
    await job!.promote();
  }

  beforeAll(async () => {
    stack = await startPaymentsStack({ secretKey: SECRET, webhookSecret: WEBHOOK_SECRET });
    ({ app, worker, fake, smtp, pool } = stack);
    pro = await createProfessional(pool);
    // The professional's connected account takes the payments (onboarded on the simulated hosted page).
    await onboardProfessional(app, fake, pro);
    const set = await http()
      .patch(`/api/v1/users/${pro.id}/motives/${pro.motiveId}`)
      .set(bearer(pro.token))
      .send({
        priceCents: PRICE,
        paymentRule: 'at_booking',
        cancellationDeadlineHours: 48,
        lateCancellationRefund: 'half',
        acceptsLegalAid: true,
      })
      .expect(200);
    expect(set.body).toMatchObject({ priceCents: PRICE, paymentRule: 'at_booking' });
    slots = await freeSlots(app, pro, 10);
    expect(slots.length).toBeGreaterThan(20);
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('shows the price and the cancellation rule before booking; bad motive settings are refused in French', async () => {
    const motives = (await http().get(`/api/v1/users/${pro.id}/booking-motives`).expect(200)).body;
    expect(motives[0]).toMatchObject({
      priceCents: PRICE,
      paymentRule: 'at_booking',
      cancellationDeadlineHours: 48,
      lateCancellationRefund: 'half',
      acceptsLegalAid: true,
    });
    const patch = (body: object) =>
      http().patch(`/api/v1/users/${pro.id}/motives/${pro.motiveId}`).set(bearer(pro.token)).send(body);
    expect((await patch({ priceCents: 50 }).expect(400)).body.message).toBe(
      'Le prix doit être d’au moins 1 €',
    );
    expect((await patch({ lateCancellationRefund: 'some' }).expect(400)).body.message).toBe(
      'Le remboursement après le délai doit être « none », « half » ou « all »',
    );
    expect((await patch({ priceCents: null }).expect(400)).body).toMatchObject({
      code: 'PRICE_REQUIRED',
      message: 'Indiquez le prix TTC d’un motif payé à la réservation',
    });
    const still = (await http().get(`/api/v1/users/${pro.id}/booking-motives`).expect(200)).body;
    expect(still[0].priceCents).toBe(PRICE);
  });

  it('pay → validate → capture: the slot is held while paying, the request reaches the professional once paid', async () => {
    const start = slot();
    const who = await createAttendee(pool);
    const booked = (await book(start, who).expect(201)).body;
    expect(booked.payment).toMatchObject({ status: 'awaiting_payment', amountCents: PRICE, legalAid: false });
    expect(booked.payment.checkoutUrl).toMatch(new RegExp(`^${fake.url}/checkout/cs_test_`));
    expect(await offered(start)).toBe(false);
    // Another client cannot take the held slot.
    expect((await book(start, await createAttendee(pool)).expect(409)).body.code).toBe('SLOT_TAKEN');
    // Nothing to validate before the payment, and no request mail yet.
    expect((await asPro('validate', booked.id_event).expect(409)).body.code).toBe('PAYMENT_PENDING');
    expect(await requestedJobs(booked.id_event)).toBe(0);
    const session = fake.sessions.get(sessionOf(booked))!;
    expect(session.payment_intent_data).toMatchObject({
      capture_method: 'manual',
      setup_future_usage: 'off_session',
    });

    await fake.completeCheckout(session.id, { type: 'card' });
    await statusIs(booked.id_event, 'authorized');
    expect(await requestedJobs(booked.id_event)).toBe(1);
    const intent = fake.paymentIntents.get(fake.sessions.get(session.id)!.payment_intent)!;
    expect(intent).toMatchObject({ status: 'requires_capture', amount_received: 0 });

    const validated = (await asPro('validate', booked.id_event).expect(200)).body;
    expect(validated.event.payment).toMatchObject({ status: 'authorized', amountCents: PRICE });
    expect(validated.event.payment.checkoutUrl).toBeUndefined();
    await statusIs(booked.id_event, 'captured');
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: PRICE });
    // The confirmation mail states the price and the cancellation rule accepted at booking. It and the fee note
    // leave the outbox together after the capture: their order in the mailbox is not given.
    const confirmed = () => smtp.to(who.email).find((mail) => /est confirmé/.test(mail.subject ?? ''));
    await smtp.waitFor(() => confirmed() !== undefined, 30_000);
    const confirmation = confirmed()!;
    expect(confirmation.text).toContain(
      'Règlement : 80,00\u00a0€ TTC payés en ligne (débités à la validation) ; annulation gratuite jusqu’à 48 h avant le rendez-vous, ensuite remboursée à moitié',
    );
  });

  it('pay → refuse → the authorisation is cancelled: the client is charged nothing', async () => {
    const { booked } = await bookAndPay(slot());
    await asPro('refuse', booked.id_event).expect(200);
    await statusIs(booked.id_event, 'refunded');
    const row = await payment(booked.id_event);
    expect(row.refunded_cents).toBe(PRICE);
    expect(fake.paymentIntents.get(row.payment_intent_id)).toMatchObject({
      status: 'canceled',
      amount_received: 0,
    });
  });

  it('a paid request left unanswered until its hour is refused in the client’s favour: nothing charged, mailed', async () => {
    // An odd slot: `slot()` walks the even ones, and the far-meeting case below needs the last of them.
    const start = slots[1];
    const { booked, who } = await bookAndPay(start);
    const expiry = worker.get(UnansweredPaidRequests);
    // Before the meeting's hour (and within the authorisation) nothing happens.
    expect(await expiry.expire(new Date(Date.parse(start) - 60_000))).toBe(0);
    expect(
      (await pool.query(`SELECT status FROM appointments WHERE id = $1`, [booked.id_event])).rows[0].status,
    ).toBe('pending');
    // The hour came without an answer: refused, the authorisation cancelled, the client told why.
    expect(await expiry.expire(new Date(Date.parse(start) + 60_000))).toBeGreaterThanOrEqual(1);
    expect(
      (await pool.query(`SELECT status FROM appointments WHERE id = $1`, [booked.id_event])).rows[0].status,
    ).toBe('refused');
    await statusIs(booked.id_event, 'refunded');
    const row = await payment(booked.id_event);
    expect(fake.paymentIntents.get(row.payment_intent_id)).toMatchObject({
      status: 'canceled',
      amount_received: 0,
    });
    // The request mail and the refusal are sent by separate jobs, in either order.
    await smtp.waitFor(() => smtp.to(who.email).some((m) => m.text?.includes(UNANSWERED_REASON)), 30_000);
    // A second scan finds nothing left to do; a validation now is refused as for any refused request.
    expect(await expiry.expire(new Date(Date.parse(start) + 120_000))).toBe(0);
    await asPro('validate', booked.id_event).expect(409);
  });

  it('an expired paid request goes through the refusal path: the same jobs as a refusal, refunded in full', async () => {
    // The jobs each request's end queued (mail, calendar copy removed, settlement), in the end's transaction.
    const lastOutboxId = async () =>
      Number((await pool.query(`SELECT coalesce(max(id), 0) AS id FROM outbox`)).rows[0].id);
    const jobsSince = async (id: string, after: number) =>
      (
        await pool.query(
          `SELECT queue, job_name, payload->>'event' AS event FROM outbox
            WHERE payload->>'appointmentId' = $1 AND id > $2`,
          [id, after],
        )
      ).rows
        .map((r) => `${r.queue}/${r.job_name}/${r.event ?? ''}`)
        .sort();
    const refusedByPro = await bookAndPay(slots[5]);
    const beforeRefusal = await lastOutboxId();
    await asPro('refuse', refusedByPro.booked.id_event).expect(200);
    const refusalJobs = await jobsSince(refusedByPro.booked.id_event, beforeRefusal);
    const unanswered = await bookAndPay(slots[7]);
    const beforeExpiry = await lastOutboxId();
    expect(
      await worker.get(UnansweredPaidRequests).expire(new Date(Date.parse(slots[7]) + 60_000)),
    ).toBeGreaterThanOrEqual(1);
    const expiryJobs = await jobsSince(unanswered.booked.id_event, beforeExpiry);
    expect(refusalJobs).toContain('notifications/booking.notification/refused');
    expect(refusalJobs).toContain('calendar-sync/appointment.write-back/');
    expect(expiryJobs).toEqual(refusalJobs);
    // Refunded in full, like the refusal: the client's authorisation cancelled, nothing taken.
    for (const { booked } of [refusedByPro, unanswered]) {
      await statusIs(booked.id_event, 'refunded');
      const row = await payment(booked.id_event);
      expect(row.refunded_cents).toBe(PRICE);
      expect(fake.paymentIntents.get(row.payment_intent_id)).toMatchObject({
        status: 'canceled',
        amount_received: 0,
      });
    }
    // The client reads why in their appointment.
    const seen = await http()
      .get(`/api/v1/appointments/${unanswered.booked.refAppointment}`)
      .set(bearer(unanswered.who.token));
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body)).toContain(UNANSWERED_REASON);
  });

  it('pay → validate → the professional cancels: refunded in full', async () => {
    const { booked } = await bookAndPay(slot());
    await asPro('validate', booked.id_event).expect(200);
    await statusIs(booked.id_event, 'captured');
    await asPro('cancel', booked.id_event).expect(200);
    await statusIs(booked.id_event, 'refunded');
    const row = await payment(booked.id_event);
    expect(fake.refunds.filter((r) => r.payment_intent === row.payment_intent_id)).toEqual([
      expect.objectContaining({ amount: PRICE, status: 'succeeded' }),
    ]);
  });

  it('the console cancels a paid, validated meeting on the professional’s behalf: refunded in full', async () => {
    // An odd slot, as above: the even ones are counted out for the far-meeting case.
    const { booked } = await bookAndPay(slots[3]);
    await asPro('validate', booked.id_event).expect(200);
    await statusIs(booked.id_event, 'captured');
    const db = new TestDb();
    try {
      const admin = await db.admin(uniqueTag('payc'));
      await http()
        .post(`/api/v1/admin/appointments/${booked.id_event}/cancel`)
        .set(bearer(admin.token))
        .send({ on_behalf_of: 'user', reason: 'Le cabinet a appelé le support' })
        .expect(200);
    } finally {
      await db.close();
    }
    await statusIs(booked.id_event, 'refunded');
    expect((await payment(booked.id_event)).refunded_cents).toBe(PRICE);
  });

  it('15 minutes without payment: the slot is offered again; a late webhook then finds the hold gone and voids the payment', async () => {
    const start = slot();
    const booked = (await book(start, await createAttendee(pool)).expect(201)).body;
    expect(await offered(start)).toBe(false);
    // The client pays at the last second, but Stripe's webhook is late and the client never comes back.
    fake.holdWebhooks();
    await fake.completeCheckout(sessionOf(booked), { type: 'card' });
    await holdRunsOut(booked.id_event);
    await statusIs(booked.id_event, 'expired');
    expect(await offered(start)).toBe(true);
    const appointment = await pool.query(`SELECT status FROM appointments WHERE id = $1`, [booked.id_event]);
    expect(appointment.rows[0].status).toBe('cancelled');

    await fake.releaseWebhooks();
    await statusIs(booked.id_event, 'refunded');
    const row = await payment(booked.id_event);
    expect(fake.paymentIntents.get(row.payment_intent_id)).toMatchObject({
      status: 'canceled',
      amount_received: 0,
    });
    expect(await requestedJobs(booked.id_event)).toBe(0);
    // The slot is really free: someone else books it.
    await book(start, await createAttendee(pool)).expect(201);
  });

  it('15 minutes without any payment: the hosted page is closed and the slot offered again', async () => {
    const start = slot();
    const booked = (await book(start, await createAttendee(pool)).expect(201)).body;
    await holdRunsOut(booked.id_event);
    await statusIs(booked.id_event, 'expired');
    expect(fake.sessions.get(sessionOf(booked))!.status).toBe('expired');
    expect(await offered(start)).toBe(true);
  });

  it('redirect before webhook, and webhook before redirect: one request, one authorisation', async () => {
    const first = (await book(slot(), await createAttendee(pool)).expect(201)).body;
    fake.holdWebhooks();
    await fake.completeCheckout(sessionOf(first), { type: 'card' });
    const back = await http()
      .post(`/api/v1/payments/checkout/${sessionOf(first)}/return`)
      .expect(200);
    expect(back.body).toEqual({ refAppointment: first.refAppointment, status: 'authorized' });
    await fake.releaseWebhooks({ duplicate: true });
    await fake.settle();

    const second = (await book(slot(), await createAttendee(pool)).expect(201)).body;
    await fake.completeCheckout(sessionOf(second), { type: 'card' });
    await statusIs(second.id_event, 'authorized');
    const again = await http()
      .post(`/api/v1/payments/checkout/${sessionOf(second)}/return`)
      .expect(200);
    expect(again.body.status).toBe('authorized');

    await waitUntil(async () => {
      const { rows } = await pool.query(
        `SELECT count(*)::int AS n FROM stripe_events WHERE processed_at IS NULL`,
      );
      return rows[0].n === 0;
    }, 30_000);
    for (const booked of [first, second]) {
      expect(await requestedJobs(booked.id_event)).toBe(1);
      expect((await payment(booked.id_event)).status).toBe('authorized');
    }
    const count = await pool.query(
      `SELECT count(*)::int AS n FROM appointments WHERE id = ANY($1::uuid[]) AND status = 'pending'`,
      [[first.id_event, second.id_event]],
    );
    expect(count.rows[0].n).toBe(2);
    await http().post(`/api/v1/payments/checkout/cs_unknown_session_x/return`).expect(404);
  });

  it('the client cancels before the deadline: refunded in full', async () => {
    const { booked } = await bookAndPay(slot());
    await asPro('validate', booked.id_event).expect(200);
    await statusIs(booked.id_event, 'captured');
    await http().post(`/api/v1/appointments/${booked.refAppointment}/cancel`).send({}).expect(200);
    await statusIs(booked.id_event, 'refunded');
    expect((await payment(booked.id_event)).refunded_cents).toBe(PRICE);
  });

  it('the client cancels after the deadline: the professional’s rule (half) is refunded', async () => {
    const tomorrow = (await freeSlots(app, pro, 1)).at(-1)!;
    const { booked } = await bookAndPay(tomorrow);
    await asPro('validate', booked.id_event).expect(200);
    await statusIs(booked.id_event, 'captured');
    await http().post(`/api/v1/appointments/${booked.refAppointment}/cancel`).send({}).expect(200);
    await statusIs(booked.id_event, 'partially_refunded');
    const row = await payment(booked.id_event);
    expect(row.refunded_cents).toBe(PRICE / 2);
    expect(
      fake.refunds.filter((r) => r.payment_intent === row.payment_intent_id).map((r) => r.amount),
    ).toEqual([PRICE / 2]);
  });

  it('full legal aid to a professional who accepts it books unpaid; the professional sees it', async () => {
    const start = slot();
    const booked = (await book(start, await createAttendee(pool), { legal_aid: true }).expect(201)).body;
    expect(booked.payment).toMatchObject({ status: 'legal_aid', legalAid: true });
    expect(booked.payment.checkoutUrl).toBeUndefined();
    await waitUntil(async () => (await requestedJobs(booked.id_event)) === 1);
    const validated = (await asPro('validate', booked.id_event).expect(200)).body;
    expect(validated.event.payment).toMatchObject({ status: 'legal_aid', legalAid: true });

    await pool.query(`UPDATE motives SET accepts_legal_aid = false WHERE id = $1`, [pro.motiveId]);
    const refused = await book(slot(), await createAttendee(pool), { legal_aid: true }).expect(400);
    expect(refused.body.code).toBe('LEGAL_AID_NOT_ACCEPTED');
    await pool.query(`UPDATE motives SET accepts_legal_aid = true WHERE id = $1`, [pro.motiveId]);
  });

  it('a meeting too far ahead for the authorisation: the saved card is charged at validation', async () => {
    const { booked } = await bookAndPay(slot());
    const authorised = (await payment(booked.id_event)).payment_intent_id;
    expect((await payment(booked.id_event)).charge_at_validation).toBe(true);
    await fake.advance(7 * DAY + 60); // the authorisation lapses at the provider
    expect(fake.paymentIntents.get(authorised)!.status).toBe('canceled');
    await asPro('validate', booked.id_event).expect(200);
    await statusIs(booked.id_event, 'captured');
    const charged = (await payment(booked.id_event)).payment_intent_id;
    expect(charged).not.toBe(authorised);
    expect(fake.paymentIntents.get(charged)).toMatchObject({ status: 'succeeded', amount_received: PRICE });
  });

  it('"Mes paiements" lists the professional’s payments and refunds, and the month’s net takings', async () => {
    const page = (await http().get(`/api/v1/users/${pro.id}/payments`).set(bearer(pro.token)).expect(200))
      .body;
    const statuses = new Set(page.data.map((p: { status: string }) => p.status));
    for (const status of ['captured', 'refunded', 'partially_refunded', 'expired', 'legal_aid'])
      expect(statuses).toContain(status);
    // Each payment names the client who booked.
    expect(
      page.data.every((p: { client: unknown }) => typeof p.client === 'string' && p.client.length > 1),
    ).toBe(true);
    const { rows } = await pool.query(
      `SELECT coalesce(sum(amount_cents - refunded_cents), 0)::int AS net FROM appointment_payments
        WHERE user_id = $1
          AND captured_at >= date_trunc('month', now() AT TIME ZONE 'Europe/Paris') AT TIME ZONE 'Europe/Paris'`,
      [pro.id],
    );
    expect(page.monthNetCents).toBe(rows[0].net);
    expect(page.monthNetCents).toBeGreaterThanOrEqual(PRICE);
    // Another professional cannot read them.
    const other = await createProfessional(pool);
    const refused = await http().get(`/api/v1/users/${pro.id}/payments`).set(bearer(other.token));
    expect([403, 404]).toContain(refused.status);
    expect(refused.body.data).toBeUndefined();
  });
});
