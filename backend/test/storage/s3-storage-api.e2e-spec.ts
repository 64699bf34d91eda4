import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import sharp from 'sharp';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededAccount, SeededUser, TestDb, uniqueTag } from '../auth/support/fixtures';
import { bearer, createProfessional, poolOf, type TestProfessional } from '../support/fixtures';
import { startLocalS3, type LocalS3 } from '../support/s3-server';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

/**
 * The API with STORAGE=s3 against a real S3-compatible server (s3rver on loopback): photos, admin
 * images and client documents go to the bucket (and nothing to the local directories), and come
 * back through the API unchanged. What replicas sharing files rely on.
 */
describe('STORAGE=s3: the API stores photos, images and client documents in the bucket', () => {
  let s3: LocalS3;
  let app: NestFastifyApplication;
  let db: TestDb;
  let pool: Pool;
  let localDir: string;
  let lawyer: SeededUser;
  let admin: SeededAccount;
  let pro: TestProfessional;
  let client: SeededAccount;
  const http = () => request(app.getHttpServer());
  const fetchFile = (url: string) => http().get(url).buffer(true).parse(binary);
  const keys = async (prefix: string) => (await s3.keys()).filter((key) => key.startsWith(prefix));

  beforeAll(async () => {
    s3 = await startLocalS3();
    // The local directories are set too: they must stay empty.
    localDir = await mkdtemp(path.join(tmpdir(), 'rdv-s3-api-'));
    app = await createTestApp({
      env: {
        ...s3.env,
        MEDIA_DIR: path.join(localDir, 'media'),
        DOCUMENTS_DIR: path.join(localDir, 'documents'),
        ANTIVIRUS: 'none',
      },
    });
    db = new TestDb();
    pool = poolOf(app);
    const tag = uniqueTag('s3');
    lawyer = await db.user(tag);
    admin = await db.admin(tag);
    pro = await createProfessional(pool);
    client = await db.attendee(uniqueTag('s3c'));
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await app?.close();
    await s3?.close();
    await rm(localDir, { recursive: true, force: true });
  });

  it('a profile photo and an admin image land under media/ and are served back from the bucket', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3050b0' } })
      .png()
      .toBuffer();
    const photo = await http()
      .put(`/api/v1/users/${lawyer.id}/picture`)
      .set(bearer(lawyer.token))
      .attach('file', png, 'photo.png')
      .expect(200);
    const [, key] = /^\/api\/v1\/media\/([0-9a-f]{32})-400\.webp$/.exec(photo.body.picture) ?? [];
    expect(key).toBeDefined();
    expect(await keys(`media/${key}`)).toEqual([`media/${key}-160.webp`, `media/${key}-400.webp`]);
    const served = await fetchFile(photo.body.picture).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(Number(served.headers['content-length'])).toBe((served.body as Buffer).length);
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 400 });

    const image = await http()
      .post('/api/v1/admin/images')
      .set(bearer(admin.token))
      .field('title', 'Palais')
      .field('alt', 'Façade')
      .attach('file', png, 'palais.png')
      .expect(201);
    const full = await fetchFile(image.body.src).expect(200);
    expect(await sharp(full.body as Buffer).metadata()).toMatchObject({ width: 640, height: 480 });
    const imageKey = `media/${/([0-9a-f]{32})\.webp$/.exec(image.body.src)![1]}.webp`;
    expect(await s3.keys()).toContain(imageKey);

    // Files follow the rows: the removed photo is no longer served, its objects are gone.
    await http().delete(`/api/v1/users/${lawyer.id}/picture`).set(bearer(lawyer.token)).expect(200);
    await http().get(photo.body.picture).expect(404);
    expect(await keys(`media/${key}`)).toEqual([]);
    await http().delete(`/api/v1/admin/images/${image.body.id}`).set(bearer(admin.token)).expect(200);
    expect(await s3.keys()).not.toContain(imageKey);
    expect(await readdir(localDir)).toEqual([]);
  });

  it('a client document goes to documents/ encrypted and private, downloads unchanged, and is deleted with its row', async () => {
    const appointmentId = await db.appointment(pro.id, client.id, 3 * 24 * 60, 'confirmed');
    const { rows } = await pool.query('SELECT ref_appointment FROM appointments WHERE id = $1', [
      appointmentId,
    ]);
    s3.requests.length = 0;
    const uploaded = await http()
      .post(`/api/v1/appointments/${rows[0].ref_appointment}/documents`)
      .attach('file', PDF, 'Bail.pdf')
      .expect(201);
    const stored = await pool.query('SELECT storage_name FROM folder_documents WHERE id = $1', [
      uploaded.body.id,
    ]);
    const objectKey = `documents/${stored.rows[0].storage_name}`;
    expect(await keys('documents/')).toEqual([objectKey]);
    const put = s3.requests.find(
      (r) => r.method === 'PUT' && r.path.startsWith(`/${s3.bucket}/${objectKey}`),
    );
    expect(put?.headers['x-amz-server-side-encryption']).toBe('AES256');
    expect(put?.headers['x-amz-acl']).toBeUndefined();

    const folder = await http()
      .post(`/api/v1/events/${appointmentId}/folder`)
      .set(bearer(pro.token))
      .expect(200);
    const link = await http()
      .post(`/api/v1/folders/${folder.body.id}/documents/${uploaded.body.id}/link`)
      .set(bearer(pro.token))
      .expect(200);
    const file = await fetchFile(link.body.url).expect(200);
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');

    await http()
      .delete(`/api/v1/folders/${folder.body.id}/documents/${uploaded.body.id}`)
      .set(bearer(pro.token))
      .expect(204);
    expect(await keys('documents/')).toEqual([]);
    await fetchFile(link.body.url).expect(404);
    expect(await readdir(localDir)).toEqual([]);
  });

  it('the API refuses to start when the bucket does not exist, naming S3_BUCKET', async () => {
    await expect(
      createTestApp({ env: { ...s3.env, S3_BUCKET: 'missing-bucket', ANTIVIRUS: 'none' } }),
    ).rejects.toThrow(
      /^Invalid environment: S3_BUCKET missing-bucket does not exist at http:\/\/127\.0\.0\.1:\d+$/,
    );
  });
});

describe('STORAGE=s3: booting the API process', () => {
  it('stops with exit code 1 and one line naming S3_ENDPOINT when the store is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const child = spawn(process.execPath, ['--require', './test/support/swc-register.js', 'src/main.ts'], {
      cwd: path.resolve(__dirname, '..', '..'),
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: process.env.DATABASE_URL ?? '',
        REDIS_URL: process.env.REDIS_URL ?? '',
        JWT_SECRET: 'x'.repeat(40),
        PORT: '3501', // never listened on: the storage check stops the boot first
        STORAGE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'us-east-1',
        S3_BUCKET: 'rdv-files',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      new RegExp(
        `^Invalid environment: S3_ENDPOINT http://127\\.0\\.0\\.1:${port} is unreachable \\(ECONNREFUSED[^\\n]*\\n$`,
      ),
    );
  }, 60_000);
});
