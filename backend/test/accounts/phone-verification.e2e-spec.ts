import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { Clock } from '../../src/modules/identity/clock';
import {
  SENDS_PER_ACCOUNT,
  SENDS_PER_PHONE_DAILY,
} from '../../src/modules/phone-verification/phone-verification.service';
import { createTestApp } from '../app';
import { FakeClock, SeededAccount, SeededUser, TestDb, uniqueTag } from '../auth/support/fixtures';
import {
  TWILIO_TEST_ACCOUNT_SID,
  TWILIO_TEST_AUTH_TOKEN,
  TWILIO_TEST_SERVICE_SID,
  TWILIO_TEST_SMS_FROM,
  TwilioVerifyFake,
} from '../auth/support/twilio-verify-fake';

const TEN_MINUTES = 10 * 60 * 1000;
let ipBlock = 0;
/** Each test uses its own addresses and numbers so the send caps of one test do not leak into another. */
function network() {
  ipBlock += 1;
  let host = 0;
  return () => `172.16.${ipBlock}.${(host += 1)}`;
}
/** A capped send says when to come back: Retry-After in whole seconds, within the cap's window. */
function expectRetryAfter(response: request.Response, windowMs: number): number {
  const header = response.headers['retry-after'];
  expect(header).toMatch(/^[1-9]\d*$/);
  const seconds = Number(header);
  expect(seconds).toBeLessThanOrEqual(windowMs / 1000);
  return seconds;
}
const randomMobile = () => `+3361${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

describe('Phone verification with the log provider', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let user: SeededUser;
  let attendee: SeededAccount;
  const clock = new FakeClock();
  const logged: string[] = [];
  const http = () => request(app.getHttpServer());

  /** The code the log provider wrote for `phone` (the line a developer reads in the API log). */
  const lastCodeFor = (phone: string) => {
    const line = [...logged].reverse().find((message) => message.startsWith(`SMS code for ${phone}: `));
    if (!line) throw new Error(`No SMS code logged for ${phone}`);
    return line.slice(-6);
  };

  beforeAll(async () => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(function (this: Logger, message: unknown) {
      if (typeof message === 'string') logged.push(message);
    });
    app = await createTestApp({
      env: { SMS_PROVIDER: 'log' },
      customize: (builder) => builder.overrideProvider(Clock).useValue(clock),
    });
    db = new TestDb();
  });

  // A fresh account per test: the per-account send cap of one test must not leak into another.
  beforeEach(async () => {
    const tag = uniqueTag('sms');
    [user, attendee] = await Promise.all([db.user(tag), db.attendee(tag)]);
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await db.close();
    await app.close();
  });

  afterEach(() => clock.reset());

  const sendUser = (phoneNumber: string, ip: string) =>
    http()
      .post(`/api/v1/users/${user.id}/send-token-to-verify-number`)
      .set('authorization', `Bearer ${user.token}`)
      .set('x-forwarded-for', ip)
      .send({ phoneNumber });
  const verifyUser = (token: string) =>
    http()
      .post(`/api/v1/users/${user.id}/verify-token-to-validate-number`)
      .set('authorization', `Bearer ${user.token}`)
      .send({ token });

  it('a professional receives a code for a French number and proves it; the number is stored in E.164 and marked verified', async () => {
    const ip = network();
    const sent = await sendUser('06 11 22 33 44', ip()).expect(200);
    expect(sent.body).toMatchObject({
      message: 'Un code de vérification vous a été envoyé par SMS.',
      phone: '+33611223344',
    });
    expect(new Date(sent.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(TEN_MINUTES - 5_000);
    const code = lastCodeFor('+33611223344');
    expect(code).toMatch(/^\d{6}$/);
    const stored = await db.pool.query('SELECT code_hash FROM phone_verifications WHERE phone = $1', [
      '+33611223344',
    ]);
    expect(stored.rows[0].code_hash).not.toContain(code);

    const wrong = await verifyUser(code === '000000' ? '111111' : '000000').expect(400);
    expect(wrong.body).toEqual({
      statusCode: 400,
      code: 'SMS_CODE_INVALID',
      message: 'Code incorrect. Il vous reste 4 essais.',
    });
    const verified = await verifyUser(code).expect(200);
    expect(verified.body).toMatchObject({
      message: 'Votre numéro de téléphone est vérifié.',
      user: { _id: user.id, telephone: '+33611223344' },
    });
    expect(verified.body.user.phoneVerifiedAt).not.toBeNull();
    // A verified code cannot be used again.
    await verifyUser(code).expect(400);
  });

  it('an attendee verifies a Belgian number given with its country code', async () => {
    const response = await http()
      .post(`/api/v1/attendees/${attendee.id}/send-token-to-verify-number`)
      .set('authorization', `Bearer ${attendee.token}`)
      .set('x-forwarded-for', network()())
      .send({ phone: '0470 11 22 33', phone_country_code: 'BE' })
      .expect(200);
    expect(response.body.phone).toBe('+32470112233');
    const verified = await http()
      .post(`/api/v1/attendees/${attendee.id}/verify-token-to-validate-number`)
      .set('authorization', `Bearer ${attendee.token}`)
      .send({ token: lastCodeFor('+32470112233') })
      .expect(200);
    expect(verified.body.attendee).toMatchObject({ phone: '+32470112233', phone_country_code: 'BE' });
    const row = await db.attendeeRow(attendee.id);
    expect(row.phoneVerifiedAt).not.toBeNull();
  });

  it.each([
    [
      { phoneNumber: '+49 30 12345678' },
      'Veuillez renseigner un numéro de téléphone valide (France, Belgique ou Suisse)',
    ],
    [
      { phoneNumber: '+1 202 555 0100' },
      'Veuillez renseigner un numéro de téléphone valide (France, Belgique ou Suisse)',
    ],
    [
      { phoneNumber: 'call me' },
      'Veuillez renseigner un numéro de téléphone valide (France, Belgique ou Suisse)',
    ],
    [{ phoneNumber: 612345678 }, 'Le numéro de téléphone est obligatoire'],
    [{}, 'Le numéro de téléphone est obligatoire'],
  ])('refuses %j with 400 and sends nothing', async (body, message) => {
    const before = logged.length;
    const response = await http()
      .post(`/api/v1/users/${user.id}/send-token-to-verify-number`)
      .set('authorization', `Bearer ${user.token}`)
      .send(body)
      .expect(400);
    expect(response.body.message).toBe(message);
    expect(logged.slice(before).filter((line) => line.startsWith('SMS code'))).toEqual([]);
  });

  it('refuses an attendee phone country outside FR, BE, CH', async () => {
    const response = await http()
      .post(`/api/v1/attendees/${attendee.id}/send-token-to-verify-number`)
      .set('authorization', `Bearer ${attendee.token}`)
      .send({ phone: '030 12345678', phone_country_code: 'DE' })
      .expect(400);
    expect(response.body.message).toBe('Le pays du téléphone doit être FR, BE ou CH');
  });

  it('refuses a malformed code and a verification with no code sent', async () => {
    const fresh = await db.user(uniqueTag('nocode'));
    const malformed = await http()
      .post(`/api/v1/users/${fresh.id}/verify-token-to-validate-number`)
      .set('authorization', `Bearer ${fresh.token}`)
      .send({ token: 'abc' })
      .expect(400);
    expect(malformed.body.message).toBe('Le code doit être composé de chiffres');
    const none = await http()
      .post(`/api/v1/users/${fresh.id}/verify-token-to-validate-number`)
      .set('authorization', `Bearer ${fresh.token}`)
      .send({ token: '123456' })
      .expect(400);
    expect(none.body.code).toBe('SMS_CODE_EXPIRED');
  });

  it('a code expires after 10 minutes', async () => {
    const phone = randomMobile();
    await sendUser(phone, network()()).expect(200);
    const code = lastCodeFor(phone);
    clock.advance(TEN_MINUTES + 1_000);
    const response = await verifyUser(code).expect(400);
    expect(response.body).toEqual({
      statusCode: 400,
      code: 'SMS_CODE_EXPIRED',
      message: 'Ce code a expiré. Veuillez demander un nouveau code.',
    });
    expect((await db.userRow(user.id)).telephone).not.toBe(phone);
  });

  it('a code dies after 5 wrong tries, even if the right one comes next', async () => {
    const phone = randomMobile();
    await sendUser(phone, network()()).expect(200);
    const code = lastCodeFor(phone);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let left = 4; left >= 1; left -= 1) {
      const response = await verifyUser(wrong).expect(400);
      expect(response.body.message).toBe(
        `Code incorrect. Il vous reste ${left} essai${left > 1 ? 's' : ''}.`,
      );
    }
    const fifth = await verifyUser(wrong).expect(400);
    expect(fifth.body).toEqual({
      statusCode: 400,
      code: 'SMS_CODE_EXHAUSTED',
      message: "Trop d'essais incorrects. Veuillez demander un nouveau code.",
    });
    const right = await verifyUser(code).expect(400);
    expect(right.body.code).toBe('SMS_CODE_EXHAUSTED');
    expect((await db.userRow(user.id)).telephone).not.toBe(phone);
  });

  it('caps sends at 3 per number per 10 minutes, whatever the IP', async () => {
    const phone = randomMobile();
    const ip = network();
    for (let i = 0; i < 3; i += 1) await sendUser(phone, ip()).expect(200);
    const capped = await sendUser(phone, ip()).expect(429);
    expect(capped.body).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_SMS',
      message: 'Trop de codes envoyés à ce numéro. Veuillez réessayer dans quelques minutes.',
    });
    const retryAfter = expectRetryAfter(capped, TEN_MINUTES);
    // The first send left the window when Retry-After said.
    clock.advance(retryAfter * 1000);
    await sendUser(phone, ip()).expect(200);
  });

  it('parallel sends to one number cannot slip past the cap', async () => {
    const phone = randomMobile();
    const ip = network();
    const responses = await Promise.all(Array.from({ length: 6 }, () => sendUser(phone, ip())));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  /** A send for a professional of its own (the per-account cap is lower than the per-IP one). */
  const sendAs = (account: SeededUser, phoneNumber: string, ip: string) =>
    http()
      .post(`/api/v1/users/${account.id}/send-token-to-verify-number`)
      .set('authorization', `Bearer ${account.token}`)
      .set('x-forwarded-for', ip)
      .send({ phoneNumber });

  it(`caps sends at ${SENDS_PER_ACCOUNT} per account per hour, whatever the number and the IP (SMS pumping)`, async () => {
    const ip = network();
    for (let i = 0; i < SENDS_PER_ACCOUNT; i += 1) await sendUser(randomMobile(), ip()).expect(200);
    const capped = await sendUser(randomMobile(), ip()).expect(429);
    expect(capped.body).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_SMS',
      message: 'Trop de codes demandés pour ce compte. Veuillez réessayer plus tard.',
    });
    expectRetryAfter(capped, 60 * 60 * 1000);
    // Another account is not affected.
    await sendAs(await db.user(uniqueTag('other')), randomMobile(), ip()).expect(200);
  });

  it(`caps sends to one number at ${SENDS_PER_PHONE_DAILY} a day, whatever the account and the IP`, async () => {
    const phone = randomMobile();
    const ip = network();
    const accounts = await Promise.all(
      Array.from({ length: SENDS_PER_PHONE_DAILY + 1 }, (_, i) => db.user(uniqueTag(`daily${i}`))),
    );
    for (let i = 0; i < SENDS_PER_PHONE_DAILY; i += 1) {
      // Past the 10-minute cap each time, within the day.
      if (i > 0 && i % 3 === 0) clock.advance(TEN_MINUTES + 1_000);
      await sendAs(accounts[i], phone, ip()).expect(200);
    }
    clock.advance(TEN_MINUTES + 1_000);
    const capped = await sendAs(accounts[SENDS_PER_PHONE_DAILY], phone, ip()).expect(429);
    expect(capped.body.message).toBe(
      'Trop de codes envoyés à ce numéro aujourd’hui. Veuillez réessayer demain.',
    );
    expectRetryAfter(capped, 24 * 60 * 60 * 1000);
  });

  it('caps sends at 10 per IP per hour, whatever the number', async () => {
    const ip = network()();
    const accounts = await Promise.all(Array.from({ length: 11 }, (_, i) => db.user(uniqueTag(`ip${i}`))));
    for (let i = 0; i < 10; i += 1) await sendAs(accounts[i], randomMobile(), ip).expect(200);
    const capped = await sendAs(accounts[10], randomMobile(), ip).expect(429);
    expect(capped.body).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_SMS',
      message: 'Trop de codes demandés. Veuillez réessayer plus tard.',
    });
    expectRetryAfter(capped, 60 * 60 * 1000);
    // Another address is not affected.
    await sendUser(randomMobile(), network()()).expect(200);
  });
});

describe('Phone verification through Twilio Verify (real twilio SDK against a local fake)', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let user: SeededUser;
  const fake = new TwilioVerifyFake();
  const clock = new FakeClock();
  const http = () => request(app.getHttpServer());
  const send = (phoneNumber: string, ip = network()()) =>
    http()
      .post(`/api/v1/users/${user.id}/send-token-to-verify-number`)
      .set('authorization', `Bearer ${user.token}`)
      .set('x-forwarded-for', ip)
      .send({ phoneNumber });
  const verify = (token: string) =>
    http()
      .post(`/api/v1/users/${user.id}/verify-token-to-validate-number`)
      .set('authorization', `Bearer ${user.token}`)
      .send({ token });

  beforeAll(async () => {
    await fake.start();
    app = await createTestApp({
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: TWILIO_TEST_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: TWILIO_TEST_AUTH_TOKEN,
        TWILIO_VERIFY_SERVICE_SID: TWILIO_TEST_SERVICE_SID,
        TWILIO_SMS_FROM: TWILIO_TEST_SMS_FROM,
        TWILIO_API_BASE_URL: fake.baseUrl,
      },
      customize: (builder) => builder.overrideProvider(Clock).useValue(clock),
    });
    db = new TestDb();
  });

  beforeEach(async () => {
    user = await db.user(uniqueTag('twilio'));
  });

  afterAll(async () => {
    await db.close();
    await app.close();
    await fake.close();
  });

  afterEach(() => clock.reset());

  it('sends through Verify (form-encoded, Basic auth) and checks the code Twilio sent', async () => {
    const phone = randomMobile();
    await send(phone).expect(200);
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      path: `/v2/Services/${TWILIO_TEST_SERVICE_SID}/Verifications`,
      form: { To: phone, Channel: 'sms', Locale: 'fr' },
    });
    const code = fake.codeFor(phone);
    await verify(code === '000000' ? '111111' : '000000').expect(400);
    const ok = await verify(code).expect(200);
    expect(ok.body.user).toMatchObject({ telephone: phone });
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v2/Services/${TWILIO_TEST_SERVICE_SID}/VerificationCheck`,
      form: { To: phone, Code: code },
    });
    const stored = await db.pool.query(
      'SELECT provider, code_hash FROM phone_verifications WHERE phone = $1',
      [phone],
    );
    expect(stored.rows).toEqual([{ provider: 'twilio', code_hash: null }]);
  });

  it('enforces our 10-minute expiry without asking Twilio', async () => {
    const phone = randomMobile();
    await send(phone).expect(200);
    const checksBefore = fake.requests.filter((r) => r.path.endsWith('VerificationCheck')).length;
    clock.advance(TEN_MINUTES + 1_000);
    await verify(fake.codeFor(phone)).expect(400);
    expect(fake.requests.filter((r) => r.path.endsWith('VerificationCheck')).length).toBe(checksBefore);
  });

  it('enforces our 5 wrong tries whatever Twilio would still accept', async () => {
    const phone = randomMobile();
    await send(phone).expect(200);
    const code = fake.codeFor(phone);
    for (let i = 0; i < 5; i += 1) await verify(code === '999999' ? '888888' : '999999').expect(400);
    const response = await verify(code).expect(400);
    expect(response.body.code).toBe('SMS_CODE_EXHAUSTED');
    expect(fake.verifications.get(phone)?.status).toBe('pending');
  });

  it('answers 502 when Twilio fails, and the failed send does not use up the cap', async () => {
    const phone = randomMobile();
    fake.failNextSend = true;
    const failed = await send(phone).expect(502);
    expect(failed.body).toEqual({
      statusCode: 502,
      code: 'SMS_SEND_FAILED',
      message: "L'envoi du SMS a échoué. Veuillez réessayer plus tard.",
    });
    for (let i = 0; i < 3; i += 1) await send(phone).expect(200);
    await send(phone).expect(429);
  });
});
