import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { SecretCipher } from '../../src/common/secret-cipher';
import { SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';
import { SmtpReceiver } from '../auth/support/smtp-receiver';
import { startStack, type TestStack } from '../support/stack';

const KEYS = `s1:${randomBytes(32).toString('base64')}`;
const IBAN = 'FR7630006000011234567890189';

/** /user/parrainage — referral link and code, invitations and their state, the IBAN dialog. */
describe('Sponsorship (users/{id}/sponsorship)', () => {
  let app: NestFastifyApplication;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let db: TestDb;
  let admin: SeededAccount;
  const http = () => request(app.getHttpServer());
  const as = (user: { id: string; token: string }, method: 'get' | 'post' | 'put' | 'delete', path = '') => {
    const url = `/api/v1/users/${user.id}/sponsorship${path}`;
    return http()[method](url).set('Authorization', `Bearer ${user.token}`);
  };
  const asAdmin = (method: 'get' | 'put' | 'post', path: string) =>
    http()[method](path).set('Authorization', `Bearer ${admin.token}`);
  const setSponsorship = async (on: boolean) => {
    const current = (await asAdmin('get', '/api/v1/admin/site-config').expect(200)).body;
    await asAdmin('put', '/api/v1/admin/site-config')
      .send({ flags: { ...current.flags, sponsorship: on } })
      .expect(200);
  };

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_URL: 'https://rdv.example', CALENDAR_ENCRYPTION_KEYS: KEYS });
    ({ app, smtp } = stack);
    db = new TestDb();
    admin = await db.admin(uniqueTag('spa'));
    await setSponsorship(true);
  });

  afterAll(async () => {
    await stack?.close();
    await db.close();
  });

  it('gives the professional a code and a link that stay the same, with the reward rule in words', async () => {
    const pro = await db.user(uniqueTag('spon'));
    const first = (await as(pro, 'get').expect(200)).body;
    expect(first.code).toMatch(/^[A-Z]{1,4}X*-[A-HJ-NP-Z2-9]{4}$/);
    expect(first.link).toBe(`https://rdv.example/demande-inscription?parrain=${first.code}`);
    expect(first.reward_rule).toContain('100 €');
    expect(first).toMatchObject({ referrals: [], bank_details: null });
    expect((await as(pro, 'get').expect(200)).body.code).toBe(first.code);
  });

  it('mails an invitation with the link, lists it as invited, and refuses it twice or for a registered colleague', async () => {
    const pro = await db.user(uniqueTag('spon'));
    const colleague = await db.user(uniqueTag('spon'));
    const email = `invite.${uniqueTag('i')}@example.test`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');
    const answer = (await as(pro, 'post', '/invitations').send({ email: email.toUpperCase() }).expect(201))
      .body;
    expect(answer.referrals).toEqual([
      expect.objectContaining({ email, state: 'invited', name: null, invited_at: expect.any(String) }),
    ]);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toContain('vous invite sur');
    expect(mail.text).toContain(answer.link);

    const again = await as(pro, 'post', '/invitations').send({ email }).expect(409);
    expect(again.body.code).toBe('ALREADY_INVITED');
    const registered = await as(pro, 'post', '/invitations').send({ email: colleague.email }).expect(409);
    expect(registered.body.message).toBe('Ce confrère a déjà un compte : il ne peut plus être parrainé');
    const bad = await as(pro, 'post', '/invitations').send({ email: 'pas-un-email' }).expect(400);
    expect(bad.body.message).toBe('email must be an email');
    expect((await as(pro, 'get').expect(200)).body.referrals).toHaveLength(1);
  });

  it('follows a referral from the link to the account and the subscription', async () => {
    const sponsor = await db.user(uniqueTag('spon'));
    const { code } = (await as(sponsor, 'get').expect(200)).body;
    const email = `filleul.${uniqueTag('f')}@example.test`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');
    const requested = await http()
      .post('/api/v1/registration-requests')
      .set('x-forwarded-for', '198.51.100.91')
      .send({
        civility: 'M.',
        first_name: 'Hugo',
        last_name: 'Filleul',
        email,
        phone: '06 12 34 56 78',
        city: 'Lyon',
        referral_code: code.toLowerCase(),
      })
      .expect(201);
    const accepted = await asAdmin(
      'post',
      `/api/v1/admin/registration-requests/${requested.body.id}/accept`,
    ).expect(200);
    const userId = accepted.body.professionalId as string;
    let referrals = (await as(sponsor, 'get').expect(200)).body.referrals;
    expect(referrals).toEqual([
      expect.objectContaining({ email, name: 'Hugo Filleul', state: 'invited', invited_at: null }),
    ]);

    await db.pool.query(`UPDATE users SET password_hash = 'x', cgu_accepted_at = now() WHERE id = $1`, [
      userId,
    ]);
    referrals = (await as(sponsor, 'get').expect(200)).body.referrals;
    expect(referrals[0]).toMatchObject({ state: 'signed_up', signed_up_at: expect.any(String) });

    await asAdmin('put', `/api/v1/users/${userId}`)
      .send({ subscribed_at: '2026-11-01T09:00:00.000Z' })
      .expect(200);
    referrals = (await as(sponsor, 'get').expect(200)).body.referrals;
    expect(referrals[0]).toMatchObject({ state: 'subscribed', subscribed_at: '2026-11-01T09:00:00.000Z' });

    // Only an administrator sets the subscription.
    const self = await http()
      .put(`/api/v1/users/${sponsor.id}`)
      .set('Authorization', `Bearer ${sponsor.token}`)
      .send({ subscribed_at: '2026-11-01T09:00:00.000Z' })
      .expect(403);
    expect(self.body.code).toBe('ADMIN_ONLY_FIELD');
  });

  it('checks the IBAN, BIC and holder in French, stores them sealed and shows the IBAN masked', async () => {
    const pro = await db.user(uniqueTag('spon'));
    const wrong = await as(pro, 'put', '/bank-details')
      .send({ iban: 'FR76 3000 6000 0112 3456 7890 188', bic: 'BNP', holder: '' })
      .expect(400);
    expect(wrong.body.code).toBe('BANK_DETAILS_INVALID');
    expect(wrong.body.message).toContain('Cet IBAN n’est pas valide');
    expect(wrong.body.message).toContain('Ce BIC n’est pas valide');
    expect(wrong.body.message).toContain('Veuillez renseigner le titulaire du compte');
    await as(pro, 'put', '/bank-details').send({ iban: 42 }).expect(400);
    expect(
      (await db.pool.query('SELECT 1 FROM sponsor_bank_details WHERE user_id = $1', [pro.id])).rows,
    ).toHaveLength(0);

    const saved = await as(pro, 'put', '/bank-details')
      .send({ iban: 'fr76 3000 6000 0112 3456 7890 189', bic: 'bnpafrpp', holder: ' Claire Martin ' })
      .expect(200);
    expect(saved.body.bank_details).toEqual({
      masked_iban: 'FR76 •••• 0189',
      updated_at: expect.any(String),
    });
    expect(JSON.stringify(saved.body)).not.toContain('30006000');

    const { rows } = await db.pool.query('SELECT * FROM sponsor_bank_details WHERE user_id = $1', [pro.id]);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain('30006000');
    expect(stored).not.toContain('BNPAFRPP');
    expect(stored).not.toContain('Claire Martin');
    const opened = new SecretCipher(KEYS, undefined, () => new Error('no key')).open<Record<string, string>>(
      { ciphertext: rows[0].ciphertext, keyId: rows[0].key_id },
      `sponsor-bank-details:${pro.id}`,
    );
    expect(opened).toEqual({ iban: IBAN, bic: 'BNPAFRPP', holder: 'Claire Martin' });

    const removed = await as(pro, 'delete', '/bank-details').expect(200);
    expect(removed.body.bank_details).toBeNull();
  });

  it('is closed while the site flag is off, and to other professionals', async () => {
    const pro = await db.user(uniqueTag('spon'));
    const other = await db.user(uniqueTag('spon'));
    await as({ id: pro.id, token: other.token }, 'get').expect(403);
    await setSponsorship(false);
    try {
      const closed = await as(pro, 'get').expect(404);
      expect(closed.body.code).toBe('SPONSORSHIP_DISABLED');
      await as(pro, 'post', '/invitations').send({ email: 'x@example.test' }).expect(404);
    } finally {
      await setSponsorship(true);
    }
  });
});
