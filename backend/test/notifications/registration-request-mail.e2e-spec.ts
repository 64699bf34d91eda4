import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { TestDb, uniqueTag } from '../auth/support/fixtures';
import { SmtpReceiver } from '../auth/support/smtp-receiver';
import { startStack, type TestStack } from '../support/stack';

describe('A registration request reaches the administrators by mail (outbox -> BullMQ -> worker -> SMTP)', () => {
  let app: NestFastifyApplication;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let db: TestDb;

  beforeAll(async () => {
    stack = await startStack({});
    ({ app, smtp } = stack);
    db = new TestDb();
  });

  afterAll(async () => {
    await stack?.close();
    await db.close();
  });

  it('mails every admin the applicant’s details, once', async () => {
    const tag = uniqueTag('regreq');
    const [first, second] = await Promise.all([db.admin(`${tag}-a`), db.admin(`${tag}-b`)]);
    await request(app.getHttpServer())
      .post('/api/v1/registration-requests')
      // An address of its own: requests are limited per address (5 an hour).
      .set('x-forwarded-for', '198.51.100.61')
      .send({
        civility: 'M.',
        first_name: 'Hugo',
        last_name: `Lefèvre-${tag}`,
        email: `hugo.${tag}@example.fr`,
        phone: '06 12 34 56 78',
        officeName: 'Cabinet Lefèvre',
        officeNumber: '73282932000074',
        city: 'Paris',
        message: 'Intéressé par l’essai de 6 mois.',
      })
      .expect(201);

    // Admins are told of every pending request: requests left by earlier suites (whose worker had stopped) may
    // reach these new admins too, so each check looks at this request's mail.
    const subject = `Nouvelle demande d’inscription : Hugo Lefèvre-${tag}`;
    const ofThisRequest = (email: string) => smtp.to(email).filter((mail) => mail.subject === subject);
    for (const admin of [first, second]) {
      const mail = await smtp.waitFor(admin.email, 1, 15_000, subject);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(`Email : hugo.${tag}@example.fr`);
      expect(mail.text).toContain('Téléphone : +33612345678');
      expect(mail.text).toContain('SIRET : 73282932000074');
      expect(mail.text).not.toMatch(/crpcen/i);
      expect(mail.html).toContain('Cabinet Lefèvre');
    }
    // a little later, still one mail each: the job ran once
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(ofThisRequest(first.email)).toHaveLength(1);
    expect(ofThisRequest(second.email)).toHaveLength(1);
  });

  it('the same request sent twice (even at once) is one row and one mail', async () => {
    const tag = uniqueTag('regdup');
    const admin = await db.admin(`${tag}-a`);
    const body = {
      civility: 'Mme',
      first_name: 'Inès',
      last_name: `Moreau-${tag}`,
      email: `ines.${tag}@example.fr`,
      phone: '06 98 76 54 32',
      city: 'Lyon',
    };
    const send = (email = body.email) =>
      request(app.getHttpServer())
        .post('/api/v1/registration-requests')
        .set('x-forwarded-for', '198.51.100.62')
        .send({ ...body, email })
        .expect(201);
    const answers = await Promise.all([send(), send()]);
    const again = await send(body.email.toUpperCase());
    const ids = new Set([...answers, again].map((answer) => answer.body.id));
    expect(ids.size).toBe(1);
    expect(again.body.message).toBe(answers[0].body.message);
    const { rows } = await db.pool.query(
      `SELECT count(*)::int AS n FROM registration_requests WHERE email = $1`,
      [body.email],
    );
    expect(rows[0].n).toBe(1);
    await smtp.waitFor(admin.email, 1, 15_000, `Nouvelle demande d’inscription : Inès Moreau-${tag}`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(smtp.to(admin.email).filter((mail) => mail.subject?.includes(`Moreau-${tag}`))).toHaveLength(1);
  });
});
