import { randomBytes, randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import type { Pool } from 'pg';
import request from 'supertest';
import { ReviewInvitationScheduler } from '../../src/modules/reviews/review-invitation.mail';
import { TestDb, uniqueTag, type SeededAccount } from '../auth/support/fixtures';
import { SmtpReceiver } from '../auth/support/smtp-receiver';
import { createAttendee, createProfessional, poolOf, type TestProfessional } from '../support/fixtures';
import { startStack, type TestStack } from '../support/stack';
import { ONE_CLICK_BODY, unsubscribeHeaders } from './one-click';

/** Review and sponsorship invitations: one click in the mail client and that address gets no more of that kind. */
describe('One-click unsubscribe of review and sponsorship invitations (RFC 8058)', () => {
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let pool: Pool;
  let db: TestDb;
  let admin: SeededAccount;
  const http = () => request(app.getHttpServer());
  const oneClick = (url: URL) =>
    http()
      .post(`${url.pathname}${url.search}`)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send(ONE_CLICK_BODY);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));
  /**
   * The first mail to `to`: this file's worker also relays the mails earlier suites left in the shared outbox, so on
   * a busy machine the one awaited can come after a backlog (129 mails in one CI run): up to 45 s, not 15.
   */
  const firstMailTo = (to: string) => smtp.waitFor(to, 1, 45_000);

  beforeAll(async () => {
    stack = await startStack({
      PUBLIC_URL: 'https://rdv.example',
      CALENDAR_ENCRYPTION_KEYS: `u1:${randomBytes(32).toString('base64')}`,
    });
    ({ app, worker, smtp } = stack);
    pool = poolOf(app);
    db = new TestDb();
    admin = await db.admin(uniqueTag('una'));
  });
  afterAll(async () => {
    await stack?.close();
    await db?.close();
  });

  const meeting = async (pro: TestProfessional, attendeeId: string, endedHoursAgo: number) => {
    const ends = new Date(Date.now() - endedHoursAgo * 3600_000);
    const { rows } = await pool.query(
      `INSERT INTO appointments (ref_appointment, user_id, calendar_id, motive_id, attendee_id, status, starts_at, ends_at)
       VALUES ($1, $2, $3, $4, $5, 'confirmed', $6, $7) RETURNING id`,
      [
        `DESA${randomUUID()
          .replace(/[^a-f]/g, '')
          .toUpperCase()
          .slice(0, 14)
          .padEnd(14, 'B')}`,
        pro.id,
        pro.calendarId,
        pro.motiveId,
        attendeeId,
        new Date(ends.getTime() - 1800_000),
        ends,
      ],
    );
    await pool.query(`INSERT INTO appointment_details (appointment_id) VALUES ($1)`, [rows[0].id]);
  };

  it('a review invitation carries the headers; after the one click the next meeting sends no invitation', async () => {
    const pro = await createProfessional(pool);
    const attendee = await createAttendee(pool);
    await meeting(pro, attendee.id, 2);
    await worker.get(ReviewInvitationScheduler).scan();
    const mail = await firstMailTo(attendee.email);
    expect(mail.subject).toBe('Comment s’est passé votre rendez-vous avec Camille Martin ?');
    const { url, post } = unsubscribeHeaders(mail);
    expect(post).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`Ne plus recevoir ces emails : ${url.href}`);

    // Opening the link shows a French page and stops nothing.
    const page = await http().get(`${url.pathname}${url.search}`).expect(200);
    expect(page.text).toContain(
      'Vous ne recevrez plus les invitations à donner votre avis après un rendez-vous.',
    );
    const suppressed = () =>
      pool
        .query(`SELECT kind FROM mail_suppressions WHERE email = $1`, [attendee.email.toLowerCase()])
        .then((r) => r.rows.map((row) => row.kind as string));
    expect(await suppressed()).toEqual([]);

    await oneClick(url).expect(200);
    expect(await suppressed()).toEqual(['review_invitation']);
    await oneClick(url).expect(200); // a second click (or the client retrying) is harmless
    await meeting(pro, attendee.id, 4);
    await worker.get(ReviewInvitationScheduler).scan();
    await settle();
    expect(smtp.to(attendee.email)).toHaveLength(1);
  }, 60_000);

  it('a sponsorship invitation carries them too; once unsubscribed, another sponsor’s invitation is not sent', async () => {
    const current = (
      await http().get('/api/v1/admin/site-config').set('Authorization', `Bearer ${admin.token}`).expect(200)
    ).body;
    await http()
      .put('/api/v1/admin/site-config')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ flags: { ...current.flags, sponsorship: true } })
      .expect(200);
    const invite = (pro: SeededAccount, email: string) =>
      http()
        .post(`/api/v1/users/${pro.id}/sponsorship/invitations`)
        .set('Authorization', `Bearer ${pro.token}`)
        .send({ email })
        .expect(201);
    const email = `confrere.${randomUUID().slice(0, 8)}@example.test`;
    await invite(await db.user(uniqueTag('spu')), email);
    const mail = await firstMailTo(email);
    expect(mail.subject).toContain('vous invite sur');
    const { url, post } = unsubscribeHeaders(mail);
    expect(post).toBe('List-Unsubscribe=One-Click');

    // A forged token (another address signed by nobody): 400 in French, nothing recorded.
    const forged = new URL(url.href);
    const [kind, , mac] = forged.searchParams.get('token')!.split('.');
    forged.searchParams.set(
      'token',
      `${kind}.${Buffer.from('autre@example.test').toString('base64url')}.${mac}`,
    );
    expect((await oneClick(forged).expect(400)).body.message).toBe(
      'Ce lien de désinscription n’est pas valide',
    );
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM mail_suppressions WHERE email = 'autre@example.test'`,
    );
    expect(rows[0].n).toBe(0);

    await oneClick(url).expect(200);
    await invite(await db.user(uniqueTag('spu')), email);
    await settle();
    expect(smtp.to(email)).toHaveLength(1);
  }, 60_000);
});
