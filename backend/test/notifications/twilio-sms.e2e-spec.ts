import { randomUUID } from 'node:crypto';
import type { TestingModule } from '@nestjs/testing';
import type { Pool } from 'pg';
import { BookingNotificationsJob } from '../../src/modules/notifications/booking-notifications.job';
import { ReminderScheduler } from '../../src/modules/booking/reminder.scheduler';
import { SmsSender } from '../../src/modules/notifications/sms-sender';
import { TwilioSmsSender } from '../../src/modules/notifications/twilio-sms-sender';
import {
  TWILIO_TEST_ACCOUNT_SID,
  TWILIO_TEST_AUTH_TOKEN,
  TWILIO_TEST_SERVICE_SID,
  TWILIO_TEST_SMS_FROM,
  TwilioVerifyFake,
} from '../auth/support/twilio-verify-fake';
import {
  createAttendee,
  createProfessional,
  poolOf,
  SmtpReceiver,
  startWorker,
  type TestProfessional,
  waitUntil,
} from '../support/fixtures';

const PHONE = '+33612345678';
const basicAuth = `Basic ${Buffer.from(`${TWILIO_TEST_ACCOUNT_SID}:${TWILIO_TEST_AUTH_TOKEN}`).toString('base64')}`;

describe('Reminder SMS through Twilio (SMS_PROVIDER=twilio, Messages API fake)', () => {
  const fake = new TwilioVerifyFake();
  let smtp: SmtpReceiver;
  let worker: TestingModule;
  let pool: Pool;
  let pro: TestProfessional;

  /** A confirmed appointment of a new attendee (phone +33612345678) starting `hoursAhead` from now. */
  async function confirmedAppointment(
    hoursAhead: number,
  ): Promise<{ id: string; ref: string; startsAt: Date }> {
    const attendee = await createAttendee(pool);
    const startsAt = new Date(Date.now() + hoursAhead * 3_600_000);
    startsAt.setUTCSeconds(0, 0);
    const ref = `TWSMS${randomUUID()
      .replace(/-/g, '')
      .slice(0, 15)
      .toUpperCase()
      .replace(/[0-18-9]/g, 'A')}`;
    const inserted = await pool.query(
      `INSERT INTO appointments (ref_appointment, user_id, calendar_id, motive_id, attendee_id, status, starts_at, ends_at)
       VALUES ($1, $2, $3, $4, $5, 'confirmed', $6, $7) RETURNING id`,
      [
        ref,
        pro.id,
        pro.calendarId,
        pro.motiveId,
        attendee.id,
        startsAt,
        new Date(startsAt.getTime() + 1_800_000),
      ],
    );
    return { id: inserted.rows[0].id as string, ref, startsAt };
  }

  const messagesFor = (ref: string) => fake.messages.filter((message) => message.body.includes(ref));
  const smsDeliveries = async (appointmentId: string) =>
    (
      await pool.query(
        `SELECT status, attempts FROM notification_deliveries WHERE appointment_id = $1 AND channel = 'sms'`,
        [appointmentId],
      )
    ).rows;

  beforeAll(async () => {
    await fake.start();
    smtp = new SmtpReceiver();
    await smtp.start();
    worker = await startWorker({
      SMTP_URL: smtp.url,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: TWILIO_TEST_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: TWILIO_TEST_AUTH_TOKEN,
      TWILIO_VERIFY_SERVICE_SID: TWILIO_TEST_SERVICE_SID,
      TWILIO_SMS_FROM: TWILIO_TEST_SMS_FROM,
      TWILIO_API_BASE_URL: fake.baseUrl,
    });
    pool = poolOf(worker);
    pro = await createProfessional(pool);
  });

  afterAll(async () => {
    await worker?.close();
    await smtp?.stop();
    await fake.close();
  });

  it('uses the Twilio sender when SMS_PROVIDER=twilio', () => {
    expect(worker.get(SmsSender)).toBeInstanceOf(TwilioSmsSender);
  });

  it('the reminder cron posts the French reminder to Twilio’s Messages API, to the attendee, from TWILIO_SMS_FROM, once', async () => {
    const appointment = await confirmedAppointment(5);
    const scheduler = worker.get(ReminderScheduler);
    expect(await scheduler.scan()).toBeGreaterThanOrEqual(1);
    expect(await scheduler.scan()).toBe(0);

    await waitUntil(async () => messagesFor(appointment.ref).length >= 1);
    const [sms] = messagesFor(appointment.ref);
    expect(sms).toMatchObject({ to: PHONE, from: TWILIO_TEST_SMS_FROM, authorization: basicAuth });
    expect(sms.body).toMatch(
      /^RDV Avocat : rappel de votre rendez-vous avec Camille Martin demain \S+ \d+ \S+ \d{4} à \d{2}h\d{2} \(au cabinet\)\. Détails : /,
    );
    expect(sms.body).toContain(`/appointments/${appointment.ref}`);
    expect(fake.requests).toContainEqual({
      method: 'POST',
      path: `/2010-04-01/Accounts/${TWILIO_TEST_ACCOUNT_SID}/Messages.json`,
      form: { To: PHONE, From: TWILIO_TEST_SMS_FROM, Body: sms.body },
    });

    await waitUntil(async () => (await smsDeliveries(appointment.id)).some((row) => row.status === 'sent'));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(messagesFor(appointment.ref)).toHaveLength(1);
    expect(await smsDeliveries(appointment.id)).toEqual([{ status: 'sent', attempts: 1 }]);
  });

  it('a reminder job run again does not send the SMS twice; a Twilio failure is retried and then sent once', async () => {
    const job = worker.get(BookingNotificationsJob);
    // Outside the cron's 24-hour window, so only the job run here sends its reminder.
    const appointment = await confirmedAppointment(30);
    const payload = {
      event: 'reminder' as const,
      appointmentId: appointment.id,
      startsAt: appointment.startsAt.toISOString(),
    };
    const attempt = { id: `twilio-test-${randomUUID()}`, name: 'booking.notification' };

    fake.failNextMessage = true;
    await expect(job.handle(payload, attempt)).rejects.toThrow();
    expect(messagesFor(appointment.ref)).toHaveLength(0);
    expect(await smsDeliveries(appointment.id)).toEqual([{ status: 'sending', attempts: 1 }]);

    await job.handle(payload, attempt);
    await job.handle(payload, attempt);
    expect(messagesFor(appointment.ref)).toHaveLength(1);
    expect(messagesFor(appointment.ref)[0]).toMatchObject({ to: PHONE, from: TWILIO_TEST_SMS_FROM });
    expect(await smsDeliveries(appointment.id)).toEqual([{ status: 'sent', attempts: 2 }]);
  });
});
