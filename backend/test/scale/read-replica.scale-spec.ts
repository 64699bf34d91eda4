import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client, Pool } from 'pg';
import request from 'supertest';
import { runMigrations } from '../../src/database/migrate';
import { createTestApp } from '../app';
import {
  bearer,
  bookingBody,
  createAttendee,
  createProfessional,
  freeSlots,
  type TestAttendee,
  type TestProfessional,
} from '../support/fixtures';
import { type PgServer, replicaCaughtUp, startPrimaryAndReplica } from './servers';

/**
 * DATABASE_READ_URL against a real streaming replica (initdb + pg_basebackup -R on loopback ports of
 * their own): the public directory reads from the replica, and replication lag never shows a client
 * (or the professional) a stale state of their own booking, because those reads stay on the primary.
 */
describe('Read replica (DATABASE_READ_URL) for the public directory', () => {
  let primary: PgServer;
  let replica: PgServer;
  let destroy: () => void;
  let app: NestFastifyApplication;
  let pool: Pool;
  let replicaClient: Client;
  let pro: TestProfessional;
  let attendee: TestAttendee;
  const http = () => request(app.getHttpServer());
  const userUri = async (id: string) =>
    (await pool.query<{ user_uri: string }>(`SELECT user_uri FROM users WHERE id = $1`, [id])).rows[0]
      .user_uri;

  beforeAll(async () => {
    ({ primary, replica, destroy } = await startPrimaryAndReplica());
    const admin = new Client({ connectionString: primary.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE rdv');
    await admin.end();
    await runMigrations(primary.url('rdv'));
    app = await createTestApp({
      env: { DATABASE_URL: primary.url('rdv'), DATABASE_READ_URL: replica.url('rdv') },
    });
    pool = new Pool({ connectionString: primary.url('rdv'), max: 4 });
    pro = await createProfessional(pool);
    await pool.query(`UPDATE users SET presentation_title = 'Avocate en droit de la famille' WHERE id = $1`, [
      pro.id,
    ]);
    attendee = await createAttendee(pool);
    await replicaCaughtUp(primary.url('rdv'), replica.url('rdv'));
    replicaClient = new Client({ connectionString: replica.url('rdv') });
    replicaClient.on('error', () => undefined);
    await replicaClient.connect();
  }, 120_000);

  afterAll(async () => {
    await replicaClient?.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
    await replicaClient?.end().catch(() => undefined);
    await app?.close();
    await pool?.end();
    destroy?.();
  });

  const pauseReplay = async () => {
    await replicaClient.query('SELECT pg_wal_replay_pause()');
    const { rows } = await replicaClient.query(`SELECT pg_get_wal_replay_pause_state() AS state`);
    expect(['pause requested', 'paused']).toContain(rows[0].state);
  };
  const resumeReplay = async () => {
    await replicaClient.query('SELECT pg_wal_replay_resume()');
    await replicaCaughtUp(primary.url('rdv'), replica.url('rdv'));
  };

  it('with replay paused, the client books and sees their booking at once; the public profile is served from the lagging replica', async () => {
    const uri = await userUri(pro.id);
    const [slot] = await freeSlots(app, pro, 9);
    await pauseReplay();
    try {
      // A change on the primary the replica has not replayed: the public profile still shows the old title.
      await pool.query(`UPDATE users SET presentation_title = 'Avocate en droit du travail' WHERE id = $1`, [
        pro.id,
      ]);
      const booked = await http()
        .post(`/api/v1/attendees/${attendee.id}/create-event`)
        .set(bearer(attendee.token))
        .send(bookingBody(pro, slot))
        .expect(201);

      // The client's own appointments, the professional's agenda and the slots read the primary: all current.
      const mine = await http()
        .get(`/api/v1/attendees/${attendee.id}/events`)
        .set(bearer(attendee.token))
        .expect(200);
      expect(JSON.stringify(mine.body)).toContain(booked.body.id_event);
      const agenda = await http()
        .get(`/api/v1/users/${pro.id}/events`)
        .query({ group: 'pending' })
        .set(bearer(pro.token))
        .expect(200);
      expect(JSON.stringify(agenda.body)).toContain(booked.body.id_event);
      const appointment = await http()
        .get(`/api/v1/appointments/${booked.body.refAppointment}`)
        .set(bearer(attendee.token))
        .expect(200);
      expect(JSON.stringify(appointment.body)).toContain(booked.body.refAppointment);
      expect(await freeSlots(app, pro, 9)).not.toContain(slot);
      // The same slot again is refused (the booking checks the primary), not double-booked.
      await http()
        .post(`/api/v1/attendees/${attendee.id}/create-event`)
        .set(bearer(attendee.token))
        .send(bookingBody(pro, slot))
        .expect(409);

      // The public profile comes from the replica: the old title while replay is paused...
      const profile = await http().get(`/api/v1/professionals/${uri}`).expect(200);
      expect(profile.body.presentation_title).toBe('Avocate en droit de la famille');
      // ...and its next slots (computed on the primary) no longer offer the booked one.
      expect(JSON.stringify(profile.body.nextSlots ?? [])).not.toContain(slot);
    } finally {
      await resumeReplay();
    }
    const after = await http().get(`/api/v1/professionals/${uri}`).expect(200);
    expect(after.body.presentation_title).toBe('Avocate en droit du travail');
  });

  it('a professional who just became public reaches the sitemap once the replica has replayed it', async () => {
    await pauseReplay();
    let newcomer: TestProfessional;
    try {
      newcomer = await createProfessional(pool);
      const uri = await userUri(newcomer.id);
      const sitemap = await http().get('/api/v1/sitemap/profiles').expect(200);
      expect(JSON.stringify(sitemap.body)).not.toContain(uri);
      // The professional's own space (primary) already knows them.
      await http().get(`/api/v1/users/${newcomer.id}/events`).set(bearer(newcomer.token)).expect(200);
    } finally {
      await resumeReplay();
    }
    const sitemap = await http().get('/api/v1/sitemap/profiles').expect(200);
    expect(JSON.stringify(sitemap.body)).toContain(await userUri(newcomer!.id));
  });

  it('with the replica down, the public directory answers from the primary (no error)', async () => {
    const uri = await userUri(pro.id);
    replica.stop('immediate');
    try {
      const profile = await http().get(`/api/v1/professionals/${uri}`).expect(200);
      expect(profile.body.presentation_title).toBe('Avocate en droit du travail');
      const sitemap = await http().get('/api/v1/sitemap/profiles').expect(200);
      expect(JSON.stringify(sitemap.body)).toContain(uri);
    } finally {
      replica.start();
      await replicaCaughtUp(primary.url('rdv'), replica.url('rdv'));
      await replicaClient.end().catch(() => undefined);
      replicaClient = new Client({ connectionString: replica.url('rdv') });
      replicaClient.on('error', () => undefined);
      await replicaClient.connect();
    }
  });
});
