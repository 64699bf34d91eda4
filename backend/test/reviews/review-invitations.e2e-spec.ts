import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import type { Pool } from 'pg';
import request from 'supertest';
import { ReviewInvitationScheduler } from '../../src/modules/reviews/review-invitation.mail';
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
