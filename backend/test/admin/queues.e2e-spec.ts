import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';
import { startWorker } from '../support/fixtures';
import { NotificationsProcessor } from '../../src/modules/notifications/notifications.processor';
import { QUEUES } from '../../src/queue/queue.constants';
import { QueueRegistry } from '../../src/queue/queue.registry';

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The queues for admins only: failed jobs listed, a retry runs the job again. */
describe('Admin queues (GET /admin/jobs, POST /admin/jobs/{id}/retry)', () => {
  let app: NestFastifyApplication;
  let worker: TestingModule;
  let db: TestDb;
  let admin: SeededAccount;
  const http = () => request(app.getHttpServer());
  const auth = () => ({ Authorization: `Bearer ${admin.token}` });

  beforeAll(async () => {
    app = await createTestApp();
    worker = await startWorker({});
    db = new TestDb();
    admin = await db.admin(uniqueTag('jobs'));
  });

  afterAll(async () => {
    await worker.close();
    await app.close();
    await db.close();
  });

  it('lists a failed notification job and retries it: it runs again and completes', async () => {
    const tag = uniqueTag('flaky');
    let calls = 0;
    worker.get(NotificationsProcessor).register(`test.${tag}`, async () => {
      calls += 1;
      if (calls === 1) throw new Error('SMTP indisponible');
    });
    const queue = worker.get(QueueRegistry).get(QUEUES.notifications);
    const job = await queue.add(`test.${tag}`, { tag }, { attempts: 1, jobId: `test-${tag}` });
    await until(async () => (await queue.getJobState(job.id!)) === 'failed');

    const list = await http()
      .get('/api/v1/admin/jobs')
      .query({ filter: JSON.stringify({ queue: 'notifications', state: 'failed' }), range: '[0,99]' })
      .set(auth())
      .expect(200);
    expect(list.headers['content-range']).toMatch(/^jobs 0-\d+\/\d+$/);
    const listed = list.body.find((j: { jobId: string }) => j.jobId === `test-${tag}`);
    expect(listed).toMatchObject({ id: `notifications:test-${tag}`, state: 'failed', name: `test.${tag}` });
    expect(listed.failedReason).toContain('SMTP indisponible');

    await http().post(`/api/v1/admin/jobs/notifications:test-${tag}/retry`).set(auth()).expect(200);
    await until(async () => (await queue.getJobState(job.id!)) === 'completed');
    expect(calls).toBe(2);
    const again = await http()
      .post(`/api/v1/admin/jobs/notifications:test-${tag}/retry`)
      .set(auth())
      .expect(409);
    expect(again.body.message).toBe('Seule une tâche en échec peut être relancée');
  });

  it('refuses unknown queues, states and jobs in French, and non-admins', async () => {
    const badQueue = await http()
      .get('/api/v1/admin/jobs')
      .query({ filter: JSON.stringify({ queue: 'emails' }) })
      .set(auth())
      .expect(400);
    expect(badQueue.body.message).toBe('File inconnue');
    const badState = await http()
      .get('/api/v1/admin/jobs')
      .query({ filter: JSON.stringify({ state: 'lost' }) })
      .set(auth())
      .expect(400);
    expect(badState.body.message).toBe('État de tâche inconnu');
    await http().get('/api/v1/admin/jobs/nowhere:1').set(auth()).expect(404);
    const pro = await db.user(uniqueTag('jobspro'));
    await http().get('/api/v1/admin/jobs').set('Authorization', `Bearer ${pro.token}`).expect(403);
  });
});
