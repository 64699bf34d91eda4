import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { DownloadLinks } from '../../src/modules/client-folders/download-links';
import { TestDb, uniqueTag } from '../auth/support/fixtures';
import { SmtpReceiver } from '../auth/support/smtp-receiver';
import { bearer, createProfessional, poolOf, tokenFor, type TestProfessional } from '../support/fixtures';
import { EICAR, startClamd, type ClamdServer } from '../support/clamd';
import { startStack, type TestStack } from '../support/stack';

/** A small but real PDF (file-type recognises it by its `%PDF-` header). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('Client folders: documents, exchanges and who may see them', () => {
  let app: NestFastifyApplication;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let clamd: ClamdServer;
  let pool: Pool;
  let db: TestDb;
  let documentsDir: string;
  let pro: TestProfessional;
  let other: TestProfessional;
  let colleagueToken: string;
  let client: { id: string; email: string; token: string };
  let stranger: { id: string; token: string };
  let adminToken: string;
  let ref: string;
  let appointmentId: string;
  let folderId: string;
  const http = () => request(app.getHttpServer());

  /**
   * What the folders of this file's accounts hold (the professional's office, the other lawyer, the client, the
   * stranger). Counted over the whole tables, it also counted what other work in the jest worker's database filed
   * in other folders meanwhile: a CI run saw 2 documents appear there while the intruders were being refused.
   */
  async function counts(): Promise<string> {
    const { rows } = await pool.query(
      `WITH ours AS (
         SELECT id FROM client_folders
         WHERE user_id IN (SELECT id FROM users WHERE team_id = $1) OR user_id = $2 OR attendee_id IN ($3, $4))
       SELECT (SELECT count(*) FROM folder_documents WHERE folder_id IN (SELECT id FROM ours)) AS d,
              (SELECT count(*) FROM folder_messages WHERE folder_id IN (SELECT id FROM ours)) AS m,
              (SELECT count(*) FROM ours) AS f,
              (SELECT count(*) FROM folder_document_audit
                WHERE folder_id IN (SELECT id FROM ours) AND action <> 'rejected') AS a`,
      [pro.teamId, other.id, client.id, stranger.id],
    );
    return JSON.stringify(rows[0]);
  }

  beforeAll(async () => {
    clamd = await startClamd();
    documentsDir = mkdtempSync(path.join(tmpdir(), 'rdv-documents-'));
    stack = await startStack({
      ANTIVIRUS: 'clamav',
      CLAMAV_ADDRESS: clamd.address,
      DOCUMENTS_DIR: documentsDir,
    });
    ({ app, smtp } = stack);
    pool = poolOf(app);
    db = new TestDb();
    pro = await createProfessional(pool);
    other = await createProfessional(pool);
    colleagueToken = (await db.user(uniqueTag('col'), { teamId: pro.teamId })).token;
    client = await db.attendee(uniqueTag('cli'));
    stranger = await db.attendee(uniqueTag('str'));
    adminToken = (await db.admin(uniqueTag('adm'))).token;
    appointmentId = await db.appointment(pro.id, client.id, 3 * 24 * 60, 'confirmed');
    ref = (await pool.query('SELECT ref_appointment FROM appointments WHERE id = $1', [appointmentId]))
      .rows[0].ref_appointment;
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
    await clamd?.stop();
    await db?.close();
    rmSync(documentsDir, { recursive: true, force: true });
  });

  it('the client sends a PDF from the appointment page; it lands in a folder the lawyer sees and downloads', async () => {
    const uploaded = await http()
      .post(`/api/v1/appointments/${ref}/documents`)
      .attach('file', PDF, 'Bail signé.pdf')
      .expect(201);
    expect(uploaded.body).toMatchObject({
      label: 'Bail signé',
      mime_type: 'application/pdf',
      uploaded_by: 'attendee',
    });
    expect(uploaded.body.file_name).toMatch(/^document-\d{4}-\d{2}-\d{2}-[0-9a-f]{6}\.pdf$/);

    const opened = await http()
      .post(`/api/v1/events/${appointmentId}/folder`)
      .set(bearer(pro.token))
      .expect(200);
    folderId = opened.body.id;
    expect(opened.body.documents.map((d: { id: string }) => d.id)).toEqual([uploaded.body.id]);
    expect(opened.body.appointments.map((a: { id: string }) => a.id)).toContain(appointmentId);

    const link = await http()
      .post(`/api/v1/folders/${folderId}/documents/${uploaded.body.id}/link`)
      .set(bearer(pro.token))
      .expect(200);
    expect(link.body.url).toMatch(/^\/api\/v1\/folder-documents\//);
    const file = await http().get(link.body.url).buffer(true).parse(binaryParser).expect(200);
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${uploaded.body.file_name}"`);
    expect(file.headers['cache-control']).toBe('private, no-store');

    const audit = await pool.query(
      'SELECT action, actor_kind FROM folder_document_audit WHERE folder_id = $1 ORDER BY id',
      [folderId],
    );
    expect(audit.rows).toEqual([
      { action: 'upload', actor_kind: 'attendee' },
      { action: 'download', actor_kind: 'user' },
    ]);
  });

  it('nobody but the two parties reaches the folder, its documents, its messages or a download link', async () => {
    const [document] = (await http().get(`/api/v1/folders/${folderId}`).set(bearer(client.token)).expect(200))
      .body.documents;
    const before = await counts();
    const intruders: Array<[string, string | undefined, number]> = [
      ['another attendee', stranger.token, 404],
      ['another lawyer', other.token, 404],
      ['a colleague of the same office', colleagueToken, 404],
      ['an administrator', adminToken, 401],
      ['anonymous', undefined, 401],
    ];
    for (const [who, token, status] of intruders) {
      const auth = token ? bearer(token) : {};
      const calls = [
        http().get(`/api/v1/folders/${folderId}`).set(auth),
        http().patch(`/api/v1/folders/${folderId}`).set(auth).send({ archived: true }),
        http().post(`/api/v1/folders/${folderId}/documents`).set(auth).attach('file', PDF, 'document.pdf'),
        http().delete(`/api/v1/folders/${folderId}/documents/${document.id}`).set(auth),
        http().post(`/api/v1/folders/${folderId}/documents/${document.id}/link`).set(auth),
        http().post(`/api/v1/folders/${folderId}/messages`).set(auth).send({ body: 'Bonjour' }),
        http().post(`/api/v1/folders/${folderId}/messages/read`).set(auth),
      ];
      for (const call of calls) {
        const answer = await call;
        expect({ who, status: answer.status }).toEqual({ who, status });
      }
    }
    // another lawyer cannot list or open folders through the appointment either
    await http().post(`/api/v1/events/${appointmentId}/folder`).set(bearer(other.token)).expect(404);
    await http().get(`/api/v1/users/${pro.id}/folders`).set(bearer(colleagueToken)).expect(403);
    await http().get(`/api/v1/attendees/${client.id}/folders`).set(bearer(stranger.token)).expect(403);
    expect(await counts()).toBe(before);
  });

  it('refuses an expired, tampered or foreign download link', async () => {
    const [document] = (await http().get(`/api/v1/folders/${folderId}`).set(bearer(pro.token)).expect(200))
      .body.documents;
    const links = new DownloadLinks(process.env.JWT_SECRET!);
    const expired = links.issue({
      documentId: document.id,
      account: { kind: 'user', id: pro.id },
      expiresAt: Date.now() - 1000,
    });
    const forged = new DownloadLinks('another secret of at least 32 characters!!').issue({
      documentId: document.id,
      account: { kind: 'user', id: pro.id },
      expiresAt: Date.now() + 60_000,
    });
    const foreign = links.issue({
      documentId: document.id,
      account: { kind: 'attendee', id: stranger.id },
      expiresAt: Date.now() + 60_000,
    });
    for (const token of [expired, forged, foreign, 'abc.def', '../../etc/passwd']) {
      const answer = await http().get(`/api/v1/folder-documents/${encodeURIComponent(token)}`);
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('DOWNLOAD_LINK_INVALID');
    }
  });

  it('serves a download link once, and not after the session that asked for it signed out', async () => {
    const [document] = (await http().get(`/api/v1/folders/${folderId}`).set(bearer(pro.token)).expect(200))
      .body.documents;
    const linkFor = async (token: string) =>
      (
        await http()
          .post(`/api/v1/folders/${folderId}/documents/${document.id}/link`)
          .set(bearer(token))
          .expect(200)
      ).body.url as string;
    const url = await linkFor(pro.token);
    await http().get(url).buffer(true).parse(binaryParser).expect(200);
    const again = await http().get(url).expect(410);
    expect(again.body).toMatchObject({
      code: 'DOWNLOAD_LINK_USED',
      message: 'Ce lien de téléchargement a déjà servi : redemandez-le depuis le dossier.',
    });

    // another session of the same professional asks for a link, then signs out before using it
    const session = tokenFor('user', pro.id);
    const pending = await linkFor(session);
    await http().get('/api/v1/auth/user/logout').set(bearer(session)).expect(200);
    const afterLogout = await http().get(pending).expect(404);
    expect(afterLogout.body).toMatchObject({
      code: 'DOWNLOAD_LINK_INVALID',
      message: 'Lien de téléchargement invalide ou expiré : redemandez-le depuis le dossier.',
    });
    // the session still signed in keeps getting working links
    await http()
      .get(await linkFor(pro.token))
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
  });

  it('refuses the EICAR file (real clamd), a polyglot carrying it, a disguised type, an empty file and a body that is not multipart', async () => {
    const before = await counts();
    const filesBefore = readdirSync(documentsDir).length;
    const eicar = await http()
      .post(`/api/v1/folders/${folderId}/documents`)
      .set(bearer(client.token))
      .attach('file', Buffer.concat([PDF, Buffer.from(EICAR)]), 'facture.pdf')
      .expect(400);
    expect(eicar.body).toMatchObject({
      code: 'DOCUMENT_INFECTED',
      message: 'Le fichier a été refusé par l’antivirus : il contient un virus ou un contenu malveillant.',
    });
    // a PNG header followed by the EICAR pattern: detected as PNG, still caught by clamd
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await http()
      .post(`/api/v1/folders/${folderId}/documents`)
      .set(bearer(pro.token))
      .attach('file', Buffer.concat([png, Buffer.from(EICAR)]), 'document.pdf')
      .expect(400)
      .expect(({ body }) => expect(body.code).toBe('DOCUMENT_INFECTED'));
    // an HTML page named .pdf: the bytes decide, not the name nor the declared type
    await http()
      .post(`/api/v1/folders/${folderId}/documents`)
      .set(bearer(client.token))
      .attach('file', Buffer.from('<html><script>alert(1)</script></html>'), 'releve.pdf')
      .expect(400)
      .expect(({ body }) => expect(body.code).toBe('DOCUMENT_UNSUPPORTED_TYPE'));
    await http()
      .post(`/api/v1/folders/${folderId}/documents`)
      .set(bearer(client.token))
      .attach('file', Buffer.alloc(0), 'vide.pdf')
      .expect(400)
      .expect(({ body }) =>
        expect(body).toMatchObject({
          code: 'DOCUMENT_INVALID_DATA',
          message: 'Le fichier envoyé est vide ou illisible.',
        }),
      );
    // the former JSON body (base64) is refused with a French 415
    await http()
      .post(`/api/v1/folders/${folderId}/documents`)
      .set(bearer(client.token))
      .send({ data: PDF.toString('base64') })
      .expect(415)
      .expect(({ body }) => expect(body.code).toBe('UPLOAD_NOT_MULTIPART'));
    await http()
      .post(`/api/v1/folders/${folderId}/documents`)
      .set(bearer(client.token))
      .field('note', 'sans fichier')
      .expect(400)
      .expect(({ body }) => expect(body.code).toBe('UPLOAD_FILE_MISSING'));
    expect(await counts()).toBe(before);
    expect(readdirSync(documentsDir)).toHaveLength(filesBefore);
    const rejected = await pool.query(
      `SELECT detail FROM folder_document_audit WHERE folder_id = $1 AND action = 'rejected'`,
      [folderId],
    );
    expect(rejected.rows.map((row) => row.detail)).toEqual([
      'antivirus: Eicar-Test-Signature.UNOFFICIAL',
      'antivirus: Eicar-Test-Signature.UNOFFICIAL',
    ]);
  });

  it('a PDF/HTML polyglot is stored as a PDF and only ever served as an attachment, never rendered', async () => {
    const polyglot = Buffer.concat([
      PDF,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const uploaded = await http()
      .post(`/api/v1/folders/${folderId}/documents`)
      .set(bearer(client.token))
      .attach('file', polyglot, 'page.html')
      .expect(201);
    expect(uploaded.body.mime_type).toBe('application/pdf');
    expect(uploaded.body.file_name).toMatch(/\.pdf$/);
    const link = await http()
      .post(`/api/v1/folders/${folderId}/documents/${uploaded.body.id}/link`)
      .set(bearer(client.token))
      .expect(200);
    const file = await http().get(link.body.url).buffer(true).parse(binaryParser).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; /);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
  });

  it('a path in the file name is reduced to a label; the stored file has a server-made name inside DOCUMENTS_DIR', async () => {
    const uploaded = await http()
      .post(`/api/v1/folders/${folderId}/documents`)
      .set(bearer(client.token))
      .attach('file', PDF, '../../../../etc/cron.d/évil\u202e.pdf')
      .expect(201);
    expect(uploaded.body.label).toBe('évil');
    const { rows } = await pool.query('SELECT storage_name FROM folder_documents WHERE id = $1', [
      uploaded.body.id,
    ]);
    expect(rows[0].storage_name).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(readdirSync(documentsDir)).toContain(rows[0].storage_name);
  });

  it('the client deletes their own document (file gone, audit line), not the lawyer’s', async () => {
    const own = await http()
      .post(`/api/v1/folders/${folderId}/documents`)
      .set(bearer(client.token))
      .attach('file', PDF, 'document.pdf')
      .expect(201);
    const lawyers = await http()
      .post(`/api/v1/folders/${folderId}/documents`)
      .set(bearer(pro.token))
      .attach('file', PDF, 'Convention d’honoraires.pdf')
      .expect(201);
    await http()
      .delete(`/api/v1/folders/${folderId}/documents/${lawyers.body.id}`)
      .set(bearer(client.token))
      .expect(404);
    const { rows } = await pool.query('SELECT storage_name FROM folder_documents WHERE id = $1', [
      own.body.id,
    ]);
    await http()
      .delete(`/api/v1/folders/${folderId}/documents/${own.body.id}`)
      .set(bearer(client.token))
      .expect(204);
    expect(readdirSync(documentsDir)).not.toContain(rows[0].storage_name);
    const audit = await pool.query(
      `SELECT actor_kind FROM folder_document_audit WHERE document_id = $1 AND action = 'delete'`,
      [own.body.id],
    );
    expect(audit.rows).toEqual([{ actor_kind: 'attendee' }]);
  });

  it('exchanges: the lawyer writes, the client is mailed without the content, reads it, the read state shows', async () => {
    const secret = `Pièce manquante ${uniqueTag('m')}`;
    await http()
      .post(`/api/v1/folders/${folderId}/messages`)
      .set(bearer(pro.token))
      .send({ body: secret })
      .expect(201);
    const mail = await smtp.waitFor(client.email);
    expect(mail.subject).toBe('Vous avez un nouveau message de Maître Camille Martin');
    expect(mail.text).not.toContain(secret);
    expect(mail.html).not.toContain(secret);

    const seen = await http().get(`/api/v1/folders/${folderId}`).set(bearer(client.token)).expect(200);
    expect(seen.body.unread_count).toBe(1);
    expect(seen.body.messages.at(-1)).toMatchObject({ author: 'user', body: secret, read_at: null });
    await http()
      .post(`/api/v1/folders/${folderId}/messages/read`)
      .set(bearer(client.token))
      .expect(200, { marked: 1 });
    const lawyerView = await http().get(`/api/v1/folders/${folderId}`).set(bearer(pro.token)).expect(200);
    expect(lawyerView.body.messages.at(-1).read_at).not.toBeNull();

    await http()
      .post(`/api/v1/folders/${folderId}/messages`)
      .set(bearer(client.token))
      .send({ body: '  ' })
      .expect(400);
  });

  it('the attendee dialog of /user/events shows the client’s history with this lawyer and the folder link', async () => {
    const earlier = await db.appointment(pro.id, client.id, -30 * 24 * 60, 'confirmed');
    await db.appointment(other.id, client.id, 4 * 24 * 60, 'confirmed');
    const history = await http()
      .get(`/api/v1/events/${appointmentId}/client`)
      .set(bearer(pro.token))
      .expect(200);
    expect(history.body.client).toMatchObject({ id: client.id, email: client.email });
    expect(history.body.appointments.map((a: { id: string }) => a.id).sort()).toEqual(
      [appointmentId, earlier].sort(),
    );
    expect(history.body.folder).toEqual({ id: folderId, title: expect.any(String) });
    await http().get(`/api/v1/events/${appointmentId}/client`).set(bearer(other.token)).expect(404);
    await http().get(`/api/v1/events/${appointmentId}/client`).set(bearer(client.token)).expect(401);
  });

  it('folder dialog: notes only for the lawyer; search, filter and archive', async () => {
    const created = await http()
      .post(`/api/v1/users/${pro.id}/folders`)
      .set(bearer(pro.token))
      .send({
        title: 'Succession Martin',
        attendee_email: client.email,
        reference: 'SUC-2026-12',
        notes: 'Stratégie : transiger',
      })
      .expect(201);
    expect(created.body.notes).toBe('Stratégie : transiger');
    const asClient = await http()
      .get(`/api/v1/folders/${created.body.id}`)
      .set(bearer(client.token))
      .expect(200);
    expect(asClient.body.notes).toBeNull();
    await http()
      .patch(`/api/v1/folders/${created.body.id}`)
      .set(bearer(client.token))
      .send({ notes: 'x' })
      .expect(404);
    await http()
      .post(`/api/v1/users/${pro.id}/folders`)
      .set(bearer(pro.token))
      .send({ title: 'Inconnu', attendee_email: 'personne@example.test' })
      .expect(400)
      .expect(({ body }) => expect(body.code).toBe('CLIENT_NOT_FOUND'));

    const search = await http()
      .get(`/api/v1/users/${pro.id}/folders?q=SUC-2026`)
      .set(bearer(pro.token))
      .expect(200);
    expect(search.body.map((f: { id: string }) => f.id)).toEqual([created.body.id]);
    await http()
      .patch(`/api/v1/folders/${created.body.id}`)
      .set(bearer(pro.token))
      .send({ archived: true })
      .expect(200);
    const open = await http().get(`/api/v1/users/${pro.id}/folders`).set(bearer(pro.token)).expect(200);
    expect(open.body.map((f: { id: string }) => f.id)).not.toContain(created.body.id);
    const archived = await http()
      .get(`/api/v1/users/${pro.id}/folders?status=archived`)
      .set(bearer(pro.token))
      .expect(200);
    expect(archived.body.map((f: { id: string }) => f.id)).toEqual([created.body.id]);
    const mine = await http()
      .get(`/api/v1/attendees/${client.id}/folders`)
      .set(bearer(client.token))
      .expect(200);
    expect(mine.body.every((f: { notes: string | null }) => f.notes === null)).toBe(true);
  });
});

function binaryParser(res: request.Response, callback: (error: Error | null, body: unknown) => void) {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}
