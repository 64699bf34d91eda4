import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { PASSWORD, type SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';
import { SmtpReceiver } from '../auth/support/smtp-receiver';
import { bearer, createProfessional, poolOf, waitUntil, type TestProfessional } from '../support/fixtures';
import { startStack, type TestStack } from '../support/stack';

const PDF = Buffer.from('%PDF-1.4\ntrailer<<>>\n%%EOF\n');

/** Every table the export must cover (a new table holding an attendee's data belongs here and in the export). */
const EXPORTED_TABLES = [
  'attendees',
  'appointments',
  'appointment_details',
  'appointment_payments',
  'fee_agreements',
  'fee_notes',
  'availability_requests',
  'event_responses',
  'reviews',
  'client_folders',
  'folder_documents',
  'folder_messages',
  'folder_document_audit',
  'phone_verifications',
  'notification_deliveries',
  'password_reset_tokens',
  'session_revocations',
  'slot_alerts',
  'admin_audit_log',
];

describe('GDPR rights of an attendee: export, erasure, password change', () => {
  let app: NestFastifyApplication;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let pool: Pool;
  let db: TestDb;
  let documentsDir: string;
  let pro: TestProfessional;
  let admin: SeededAccount;
  let slot = 0;
  const http = () => request(app.getHttpServer());

  /** An attendee with an appointment, a folder with a document and messages, an answer, an SMS code and a mail. */
  async function populated(tag: string) {
    const attendee = await db.attendee(tag);
    await pool.query(`UPDATE attendees SET phone = $2, phone_country_code = 'FR' WHERE id = $1`, [
      attendee.id,
      `+336${String(10_000_000 + slot * 7919).padStart(8, '0')}`,
    ]);
    // one hour apart: the professional's appointments may not overlap
    const appointmentId = await db.appointment(pro.id, attendee.id, 5 * 24 * 60 + 60 * slot++, 'confirmed');
    await pool.query(`UPDATE appointments SET notes = $2, title = $3 WHERE id = $1`, [
      appointmentId,
      `Mon voisin ${tag} empiète`,
      `Rendez-vous avec Alex Martin ${tag}`,
    ]);
    await pool.query(`INSERT INTO appointment_details (appointment_id, created_by) VALUES ($1, 'attendee')`, [
      appointmentId,
    ]);
    await pool.query(
      `INSERT INTO event_responses (appointment_id, availabilities, message) VALUES ($1, '[]', $2)`,
      [appointmentId, `Dispo le soir ${tag}`],
    );
    await pool.query(
      `INSERT INTO phone_verifications (account_kind, account_id, phone, phone_country_code, requester_ip, provider, expires_at, created_at)
       SELECT 'attendee', id, phone, 'FR', '127.0.0.1', 'log', now() + interval '10 minutes', now() FROM attendees WHERE id = $1`,
      [attendee.id],
    );
    await pool.query(
      `INSERT INTO notification_deliveries (dedupe_key, channel, recipient, status) VALUES ($1, 'mail', $2, 'sent')`,
      [`test-${tag}`, attendee.email],
    );
    const ref = (await pool.query('SELECT ref_appointment FROM appointments WHERE id = $1', [appointmentId]))
      .rows[0].ref_appointment;
    const document = await http()
      .post(`/api/v1/appointments/${ref}/documents`)
      .attach('file', PDF, `Pièce ${tag}.pdf`)
      .expect(201);
    const folder = (
      await http().post(`/api/v1/events/${appointmentId}/folder`).set(bearer(pro.token)).expect(200)
    ).body;
    await http()
      .post(`/api/v1/folders/${folder.id}/messages`)
      .set(bearer(attendee.token))
      .send({ body: `Bonjour ${tag}` })
      .expect(201);
    // an earlier-slot alert asked anonymously with the same address (no account link, only the email)
    await pool.query(
      `INSERT INTO slot_alerts (user_id, motive_id, email, before, expires_at)
       VALUES ($1, $2, $3, now() + interval '20 days', now() + interval '20 days')`,
      [pro.id, pro.motiveId, attendee.email],
    );
    // an administrator deactivated then reactivated the account: the audit log holds snapshots of it
    for (const isActive of [false, true])
      await http()
        .put(`/api/v1/admin/clients/${attendee.id}`)
        .set(bearer(admin.token))
        .send({ isActive })
        .expect(200);
    // the deactivation ended the sessions (to the second): sign in again
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const login = await http()
      .post('/api/v1/auth/attendee/login')
      .send({ email: attendee.email, password: PASSWORD })
      .expect(200);
    const phoneNumber = (await pool.query('SELECT phone FROM attendees WHERE id = $1', [attendee.id])).rows[0]
      .phone as string;
    return {
      ...attendee,
      token: login.body.token as string,
      appointmentId,
      folderId: folder.id,
      documentId: document.body.id,
      tag,
      phone: phoneNumber,
    };
  }

  /**
   * No row of any table mentions the person any more: email, phone, names, what they wrote. The bare id stays
   * where it names nobody: session_revocations (old tokens stay refused) and the audit log's "what".
   */
  async function expectNothingLeftOf(person: { email: string; tag: string; id: string; phone: string }) {
    const { rows: tables } = await pool.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    for (const { table_name: table } of tables as { table_name: string }[]) {
      const keepsId = table === 'session_revocations' || table === 'admin_audit_log';
      const needles = [person.email, person.tag, person.phone, ...(keepsId ? [] : [person.id])];
      for (const needle of needles) {
        const { rows } = await pool.query(
          `SELECT count(*)::int AS n FROM "${table}" t WHERE t::text ILIKE $1`,
          [`%${needle}%`],
        );
        expect({ table, needle, rows: rows[0].n }).toEqual({ table, needle, rows: 0 });
      }
    }
    // the audit log still says who did what and when, and serves no value of the person
    const audit = await http()
      .get('/api/v1/admin/audit-log')
      .query({ filter: JSON.stringify({ resource: 'clients', resourceId: person.id }), range: '[0,20]' })
      .set(bearer(admin.token))
      .expect(200);
    expect(audit.body.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['deactivate', 'reactivate']),
    );
    for (const entry of audit.body as { adminEmail: string; before: unknown; after: unknown }[]) {
      expect(entry.adminEmail).toBe(admin.email);
      for (const needle of [person.email, person.tag, person.phone])
        expect(JSON.stringify([entry.before, entry.after])).not.toContain(needle);
    }
  }

  beforeAll(async () => {
    documentsDir = mkdtempSync(path.join(tmpdir(), 'rdv-privacy-'));
    stack = await startStack({ DOCUMENTS_DIR: documentsDir, ANTIVIRUS: 'none' });
    ({ app, smtp } = stack);
    pool = poolOf(app);
    db = new TestDb();
    pro = await createProfessional(pool);
    admin = await db.admin(uniqueTag('gdpr-admin'));
  });

  afterAll(async () => {
    await stack?.close();
    await db?.close();
    rmSync(documentsDir, { recursive: true, force: true });
  });

  it('exports every table’s rows about the attendee, and nothing about anyone else', async () => {
    const alice = await populated(uniqueTag('alice'));
    const bob = await populated(uniqueTag('bob'));
    await http()
      .post(`/api/v1/folders/${alice.folderId}/messages`)
      .set(bearer(pro.token))
      .send({ body: 'Réponse' })
      .expect(201);
    await pool.query(`UPDATE client_folders SET notes = 'Note interne du cabinet' WHERE id = $1`, [
      alice.folderId,
    ]);

    const answer = await http()
      .get(`/api/v1/attendees/${alice.id}/export`)
      .set(bearer(alice.token))
      .expect(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="mes-donnees.json"');
    const { tables } = answer.body as { tables: Record<string, Record<string, unknown>[]> };
    expect(Object.keys(tables).sort()).toEqual([...EXPORTED_TABLES].sort());
    for (const table of EXPORTED_TABLES.filter(
      (t) =>
        ![
          'reviews',
          'availability_requests',
          'password_reset_tokens',
          'session_revocations',
          // This client booked free motives only: the sections are there, empty.
          'appointment_payments',
          'fee_agreements',
          'fee_notes',
        ].includes(t),
    ))
      expect({ table, rows: tables[table].length > 0 }).toEqual({ table, rows: true });
    expect(tables.attendees).toEqual([expect.objectContaining({ id: alice.id, email: alice.email })]);
    expect(tables.attendees[0]).not.toHaveProperty('password_hash');
    expect(tables.appointments.map((row) => row.id)).toEqual([alice.appointmentId]);
    expect(tables.folder_messages).toHaveLength(2);
    expect(tables.client_folders[0]).not.toHaveProperty('notes');
    // the slot alert asked with the address, without an account, is theirs too
    expect(tables.slot_alerts).toEqual([expect.objectContaining({ email: alice.email, attendee_id: null })]);
    // what administrators did about the account: who / what / when
    expect(tables.admin_audit_log.map((row) => row.action)).toEqual(['deactivate', 'reactivate']);
    const text = JSON.stringify(tables);
    for (const foreign of [bob.id, bob.email, bob.tag, bob.appointmentId, bob.folderId, bob.documentId])
      expect(text).not.toContain(foreign);
    expect(text).not.toContain('Note interne du cabinet');

    await http().get(`/api/v1/attendees/${alice.id}/export`).set(bearer(bob.token)).expect(403);
    await http().get(`/api/v1/attendees/${alice.id}/export`).set(bearer(pro.token)).expect(401);
  });

  it('deletes the account: no personal data left (checked in SQL), files gone, sessions revoked, mail sent', async () => {
    const carol = await populated(uniqueTag('carol'));
    const other = await populated(uniqueTag('dave'));
    const files = (
      await pool.query(
        `SELECT storage_name FROM folder_documents d JOIN client_folders f ON f.id = d.folder_id WHERE f.attendee_id = $1`,
        [carol.id],
      )
    ).rows.map((row) => row.storage_name as string);
    expect(files).toHaveLength(1);
    // Revocation works to the second (JWT iat): let the token be at least a second old.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    await http()
      .post(`/api/v1/attendees/${carol.id}/delete-account`)
      .set(bearer(carol.token))
      .send({ password: 'pas le bon' })
      .expect(400)
      .expect(({ body }) => expect(body.code).toBe('CURRENT_PASSWORD_INVALID'));
    await http()
      .post(`/api/v1/attendees/${carol.id}/delete-account`)
      .set(bearer(carol.token))
      .send({ password: PASSWORD })
      .expect(200);

    const mail = await smtp.waitFor(carol.email);
    expect(mail.subject).toMatch(/^Suppression de votre compte/);
    // The outbox row of that mail forgets the address once it is sent.
    await waitUntil(async () => {
      const { rows } = await pool.query(
        `SELECT count(*)::int AS n FROM outbox WHERE payload::text ILIKE $1`,
        [`%${carol.email}%`],
      );
      return rows[0].n === 0;
    });

    const phone = (
      await pool.query(`SELECT phone FROM phone_verifications WHERE account_id = $1`, [other.id])
    ).rows;
    expect(phone).toHaveLength(1);
    await expectNothingLeftOf(carol);
    // the appointment stays for the professional's records, anonymous
    const kept = await pool.query(`SELECT attendee_id, notes, title FROM appointments WHERE id = $1`, [
      carol.appointmentId,
    ]);
    expect(kept.rows).toEqual([{ attendee_id: null, notes: null, title: 'Rendez-vous' }]);
    expect(readdirSync(documentsDir)).not.toContain(files[0]);
    // the other attendee keeps everything
    expect(
      (await pool.query(`SELECT count(*)::int AS n FROM client_folders WHERE attendee_id = $1`, [other.id]))
        .rows[0].n,
    ).toBe(1);
    // sessions revoked
    await http().get(`/api/v1/attendees/${carol.id}/folders`).set(bearer(carol.token)).expect(401);
  });

  it('the console’s erasure takes the same path: slot alerts, audit snapshots and every other table cleared', async () => {
    const frank = await populated(uniqueTag('frank'));
    await http().post(`/api/v1/admin/clients/${frank.id}/erase`).set(bearer(admin.token)).expect(200);
    await smtp.waitFor(frank.email);
    await waitUntil(async () => {
      const { rows } = await pool.query(
        `SELECT count(*)::int AS n FROM outbox WHERE payload::text ILIKE $1`,
        [`%${frank.email}%`],
      );
      return rows[0].n === 0;
    });
    await expectNothingLeftOf(frank);
  });

  it('changes the password: the current one is checked, then every session ends', async () => {
    const erin = await db.attendee(uniqueTag('erin'));
    // Revocation works to the second (JWT iat): let the token be at least a second old.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const change = (token: string, body: object) =>
      http().post('/api/v1/auth/attendee/change-password').set(bearer(token)).send(body);
    await change(erin.token, {
      current_password: 'faux',
      password: 'nouveau mot de passe 1',
      password_confirmation: 'nouveau mot de passe 1',
    })
      .expect(400)
      .expect(({ body }) => expect(body.message).toBe('Mot de passe actuel incorrect'));
    await change(erin.token, {
      current_password: PASSWORD,
      password: 'nouveau mot de passe 1',
      password_confirmation: 'autre',
    }).expect(400);
    const changed = await change(erin.token, {
      current_password: PASSWORD,
      password: 'nouveau mot de passe 1',
      password_confirmation: 'nouveau mot de passe 1',
    }).expect(200);
    expect(changed.body.message).toBe(
      'Votre mot de passe a été modifié. Veuillez vous reconnecter avec votre nouveau mot de passe.',
    );
    await http().get('/api/v1/auth/attendee/check-logged').set(bearer(erin.token)).expect(401);
    await http()
      .post('/api/v1/auth/attendee/login')
      .send({ email: erin.email, password: PASSWORD })
      .expect(401);
    await http()
      .post('/api/v1/auth/attendee/login')
      .send({ email: erin.email, password: 'nouveau mot de passe 1' })
      .expect(200);
  });
});
