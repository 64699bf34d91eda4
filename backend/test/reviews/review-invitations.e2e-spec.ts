import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import type { Pool } from 'pg';
import request from 'supertest';
import { ReviewInvitationScheduler } from '../../src/modules/reviews/review-invitation.mail';
import { ReviewInvitations } from '../../src/modules/reviews/review-invitations';
import { TestDb } from '../auth/support/fixtures';
import { SmtpReceiver } from '../auth/support/smtp-receiver';
import { createAttendee, createProfessional, poolOf, type TestProfessional } from '../support/fixtures';
import { startStack, type TestStack } from '../support/stack';

/** After a meeting, the client is mailed a link to review it; one review per appointment. */
describe('Review invitations (mail after the meeting, /avis?token=)', () => {
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let pool: Pool;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_URL: 'https://rdv.example' });
    ({ app, worker, smtp } = stack);
    pool = poolOf(app);
  });

  afterAll(async () => {
    await stack?.close();
  });

  const meeting = async (
    pro: TestProfessional,
    attendeeId: string,
    endedHoursAgo: number,
    status = 'confirmed',
    createdBy: 'attendee' | 'user' = 'attendee',
  ) => {
    const ends = new Date(Date.now() - endedHoursAgo * 3600_000);
    const { rows } = await pool.query(
      `INSERT INTO appointments (ref_appointment, user_id, calendar_id, motive_id, attendee_id, status, starts_at, ends_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        `AVIS${randomUUID()
          .replace(/[^a-f]/g, '')
          .toUpperCase()
          .slice(0, 14)
          .padEnd(14, 'B')}`,
        pro.id,
        pro.calendarId,
        pro.motiveId,
        attendeeId,
        status,
        new Date(ends.getTime() - 1800_000),
        ends,
      ],
    );
    await pool.query(`INSERT INTO appointment_details (appointment_id, created_by) VALUES ($1, $2)`, [
      rows[0].id,
      createdBy,
    ]);
    return rows[0].id as string;
  };
  const scan = () => worker.get(ReviewInvitationScheduler).scan();
  const tokenIn = (text: string | undefined) =>
    decodeURIComponent(/https:\/\/rdv\.example\/avis\?token=([A-Za-z0-9_.%-]+)/.exec(text ?? '')![1]);

  it('mails the client once, an hour after the meeting; the link leaves one review, moderated before it counts', async () => {
    const pro = await createProfessional(pool);
    const attendee = await createAttendee(pool);
    const done = await meeting(pro, attendee.id, 2);
    const tooRecent = await meeting(pro, attendee.id, 0.5);
    const refused = await meeting(pro, attendee.id, 3, 'cancelled');

    await scan();
    await scan(); // a second scan (or another worker) sends nothing more
    const mail = await smtp.waitFor(attendee.email);
    expect(mail.subject).toBe('Comment s’est passé votre rendez-vous avec Camille Martin ?');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to(attendee.email)).toHaveLength(1);
    const invited = await pool.query(
      'SELECT id FROM appointments WHERE review_invited_at IS NOT NULL AND id = ANY($1)',
      [[done, tooRecent, refused]],
    );
    expect(invited.rows.map((row) => row.id)).toEqual([done]);

    const token = tokenIn(mail.text);
    const shown = await http().get('/api/v1/reviews/invitation').query({ token }).expect(200);
    expect(shown.body).toMatchObject({
      professional_name: 'Camille Martin',
      suggested_author_name: 'Alice D.',
      already_reviewed: false,
    });

    const bad = await http()
      .post('/api/v1/reviews/invitation')
      .send({ token, rating: 6, author_name: 'A' })
      .expect(400);
    expect(bad.body.message).toBe('La note doit être comprise entre 1 et 5');
    const unsigned = await http()
      .post('/api/v1/reviews/invitation')
      .send({ token, rating: 4, author_name: ' ' })
      .expect(400);
    expect(unsigned.body.message).toBe('Indiquez le nom affiché avec votre avis (par exemple Julien M.)');
    const left = await http()
      .post('/api/v1/reviews/invitation')
      .send({ token, rating: 5, comment: 'Très à l’écoute, explications claires.', author_name: 'Alice D.' })
      .expect(201);
    expect(left.body.message).toBe('Merci ! Votre avis sera publié après relecture.');
    const again = await http()
      .post('/api/v1/reviews/invitation')
      .send({ token, rating: 1, author_name: 'Alice D.' })
      .expect(409);
    expect(again.body.code).toBe('REVIEW_ALREADY_LEFT');
    expect(
      (await http().get('/api/v1/reviews/invitation').query({ token }).expect(200)).body.already_reviewed,
    ).toBe(true);

    const { rows } = await pool.query(
      'SELECT status, rating, user_id, attendee_id FROM reviews WHERE appointment_id = $1',
      [done],
    );
    expect(rows).toEqual([{ status: 'pending', rating: 5, user_id: pro.id, attendee_id: attendee.id }]);
  });

  it('never invites to review a meeting the professional entered by hand, and refuses its link', async () => {
    const pro = await createProfessional(pool);
    // An address the professional controls, typed into an appointment entered by hand.
    const accomplice = await createAttendee(pool);
    const handEntered = await meeting(pro, accomplice.id, 2, 'confirmed', 'user');
    const booked = await meeting(pro, accomplice.id, 3);

    await scan();
    const mail = await smtp.waitFor(accomplice.email);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to(accomplice.email)).toHaveLength(1);
    const invited = await pool.query(
      'SELECT id FROM appointments WHERE review_invited_at IS NOT NULL AND id = ANY($1)',
      [[handEntered, booked]],
    );
    expect(invited.rows.map((row) => row.id)).toEqual([booked]);
    expect(tokenIn(mail.text)).toBeTruthy();

    // A link for it (signed before the rule, or by any other way) leads nowhere.
    const forged = worker.get(ReviewInvitations).linkFor('https://rdv.example', handEntered);
    const token = tokenIn(forged);
    await http().get('/api/v1/reviews/invitation').query({ token }).expect(404);
    await http()
      .post('/api/v1/reviews/invitation')
      .send({ token, rating: 5, author_name: 'Alice D.' })
      .expect(404);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM reviews WHERE appointment_id = $1', [
      handEntered,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('flags to moderators a review already left on a hand-entered meeting and never publishes it', async () => {
    const pro = await createProfessional(pool);
    const accomplice = await createAttendee(pool);
    const handEntered = await meeting(pro, accomplice.id, 2, 'confirmed', 'user');
    const { rows } = await pool.query(
      `INSERT INTO reviews (user_id, attendee_id, appointment_id, rating, author_name, status)
       VALUES ($1, $2, $3, 5, 'Alice D.', 'pending') RETURNING id`,
      [pro.id, accomplice.id, handEntered],
    );
    const testDb = new TestDb();
    const admin = await testDb.admin(`reviews-${randomUUID().slice(0, 8)}`).finally(() => testDb.close());
    const shown = await http()
      .get(`/api/v1/admin/reviews/${rows[0].id}`)
      .set({ Authorization: `Bearer ${admin.token}` })
      .expect(200);
    expect(shown.body.handEntered).toBe(true);
    const refused = await http()
      .post(`/api/v1/admin/reviews/${rows[0].id}/publish`)
      .set({ Authorization: `Bearer ${admin.token}` })
      .expect(409);
    expect(refused.body.code).toBe('REVIEW_HAND_ENTERED');
    const after = await pool.query('SELECT status FROM reviews WHERE id = $1', [rows[0].id]);
    expect(after.rows[0].status).toBe('pending');
  });

  it('refuses a forged, altered or foreign token with the same 404', async () => {
    for (const token of [
      'nope',
      'abc.def',
      `${Buffer.from(JSON.stringify({ r: randomUUID(), x: 9e9 })).toString('base64url')}.forged`,
    ]) {
      const answer = await http().get('/api/v1/reviews/invitation').query({ token }).expect(404);
      expect(answer.body).toEqual({
        statusCode: 404,
        code: 'REVIEW_LINK_INVALID',
        message: 'Ce lien d’avis est invalide ou a expiré.',
      });
    }
    await http()
      .post('/api/v1/reviews/invitation')
      .send({ token: 'nope', rating: 5, author_name: 'Alice D.' })
      .expect(404);
    await http().get('/api/v1/reviews/invitation').expect(400);
  });
});
