import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import sharp from 'sharp';
import request from 'supertest';
import { createTestApp } from './app';
import { SeededAccount, SeededUser, TestDb, uniqueTag } from './auth/support/fixtures';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PICTURE_URL = /^\/api\/v1\/media\/([0-9a-f]{32})-400\.webp$/;

/** A real image made by sharp: a coloured rectangle, optionally with camera EXIF and GPS tags. */
async function image(
  width: number,
  height: number,
  options: { format?: 'png' | 'jpeg' | 'webp' | 'gif'; colour?: string; exif?: boolean } = {},
): Promise<Buffer> {
  let pipeline = sharp({
    create: { width, height, channels: 3, background: options.colour ?? '#b03030' },
  }).toFormat(options.format ?? 'png');
  if (options.exif) {
    pipeline = pipeline.withExif({
      IFD0: { Make: 'PhoneCam', Model: 'Secret 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
    });
  }
  return pipeline.toBuffer();
}

/** supertest parser keeping a binary body as a Buffer (the response is the Node stream here). */
function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

describe('Media: professionals’ photos, admin images and the files', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let mediaDir: string;
  let admin: SeededAccount;
  let lawyer: SeededUser;
  let colleague: SeededUser;
  let attendee: SeededAccount;
  let tag: string;
  const http = () => request(app.getHttpServer());
  const as = (account: { token: string }, call: request.Test) =>
    call.set('authorization', `Bearer ${account.token}`);
  const storedFiles = async () => (await readdir(mediaDir)).sort();
  const pictureOf = async (userId: string) =>
    (await db.pool.query<{ picture: string | null }>('SELECT picture FROM users WHERE id = $1', [userId]))
      .rows[0].picture;
  const fetchFile = (url: string) => http().get(url).buffer(true).parse(binary);

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'rdv-media-'));
    app = await createTestApp({ env: { MEDIA_DIR: mediaDir } });
    db = new TestDb();
    tag = uniqueTag('media');
    admin = await db.admin(tag);
    lawyer = await db.user(`${tag}a`);
    colleague = await db.user(`${tag}b`);
    attendee = await db.attendee(tag);
  });

  afterAll(async () => {
    await db.close();
    await app.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  describe('PUT /api/v1/users/{id}/picture', () => {
    it('stores a professional’s PNG as 160 and 400 px WebP squares and answers the user with the picture URL', async () => {
      const expected = (await as(lawyer, http().get(`/api/v1/users/${lawyer.id}`)).expect(200)).body;

      const response = await as(lawyer, http().put(`/api/v1/users/${lawyer.id}/picture`))
        .attach('file', await image(640, 480), 'photo')
        .expect(200);

      // Same JSON as PUT/GET /users/{id}: only `picture` differs, and the profile is no longer missing its photo.
      expect(Object.keys(response.body).sort()).toEqual(Object.keys(expected).sort());
      expect({ ...response.body, picture: null, profile_completeness: null }).toEqual({
        ...expected,
        picture: null,
        profile_completeness: null,
      });
      expect(expected.profile_completeness.missing).toContain('Photo');
      expect(response.body.profile_completeness.missing).not.toContain('Photo');
      expect(response.body.profile_completeness.percent).toBeGreaterThan(
        expected.profile_completeness.percent,
      );
      const [, key] = PICTURE_URL.exec(response.body.picture) ?? [];
      expect(key).toBeDefined();
      expect(await pictureOf(lawyer.id)).toBe(response.body.picture);
      expect(await storedFiles()).toEqual([`${key}-160.webp`, `${key}-400.webp`]);

      const large = await fetchFile(response.body.picture).expect(200);
      expect(large.headers['content-type']).toBe('image/webp');
      expect(large.headers['cache-control']).toBe(IMMUTABLE);
      expect(await sharp(large.body as Buffer).metadata()).toMatchObject({
        format: 'webp',
        width: 400,
        height: 400,
      });
      const small = await fetchFile(response.body.picture.replace('-400.webp', '-160.webp')).expect(200);
      expect(await sharp(small.body as Buffer).metadata()).toMatchObject({ width: 160, height: 160 });

      // The public profile shows it.
      const profile = await http().get(`/api/v1/professionals/me-${tag}a`.toLowerCase()).expect(200);
      expect(profile.body.picture).toBe(response.body.picture);
    });

    it('serves a JPEG photo without its EXIF block (camera, GPS)', async () => {
      const jpeg = await image(500, 500, { format: 'jpeg', colour: '#205080', exif: true });
      expect((await sharp(jpeg).metadata()).exif?.toString('latin1')).toContain('PhoneCam');
      const response = await as(lawyer, http().put(`/api/v1/users/${lawyer.id}/picture`))
        .attach('file', jpeg, 'photo')
        .expect(200);
      const file = await fetchFile(response.body.picture).expect(200);
      const body = file.body as Buffer;
      const metadata = await sharp(body).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(body.toString('latin1')).not.toContain('PhoneCam');
      expect(body.toString('latin1')).not.toContain('EXIF');
    });

    it('replacing the photo gives a new URL and removes the old files', async () => {
      const first = await as(lawyer, http().put(`/api/v1/users/${lawyer.id}/picture`))
        .attach('file', await image(300, 300, { colour: '#10a010' }), 'photo')
        .expect(200);
      const second = await as(lawyer, http().put(`/api/v1/users/${lawyer.id}/picture`))
        .attach('file', await image(300, 300, { colour: '#1010a0' }), 'photo')
        .expect(200);
      expect(second.body.picture).not.toBe(first.body.picture);
      await http().get(first.body.picture).expect(404);
      await http().get(second.body.picture).expect(200);
      const [, key] = PICTURE_URL.exec(second.body.picture) ?? [];
      expect(await storedFiles()).toEqual([`${key}-160.webp`, `${key}-400.webp`]);
    });

    it.each([
      ['an empty file', () => Buffer.alloc(0), 'IMAGE_INVALID_DATA', 400],
      [
        'text renamed .png',
        () => Buffer.from('Bonjour, je ne suis pas une image.'),
        'IMAGE_UNSUPPORTED_TYPE',
        400,
      ],
      ['a GIF', async () => image(200, 200, { format: 'gif' }), 'IMAGE_UNSUPPORTED_TYPE', 400],
      ['a corrupt PNG', async () => (await image(400, 400)).subarray(0, 200), 'IMAGE_CORRUPT', 400],
      ['a 99 x 300 photo', async () => image(99, 300), 'IMAGE_TOO_SMALL', 400],
      [
        'more than 5 MB',
        async () => Buffer.concat([await image(200, 200), Buffer.alloc(5 * 1024 * 1024)]),
        'IMAGE_TOO_LARGE',
        413,
      ],
    ])('refuses %s in French and changes nothing', async (_label, file, code, status) => {
      const before = await pictureOf(lawyer.id);
      const filesBefore = await storedFiles();
      const response = await as(lawyer, http().put(`/api/v1/users/${lawyer.id}/picture`))
        .attach('file', await file(), 'photo.png')
        .expect(status);
      expect(response.body).toMatchObject({ statusCode: status, code });
      expect(response.body.message).toMatch(/image|fichier/i);
      expect(await pictureOf(lawyer.id)).toBe(before);
      expect(await storedFiles()).toEqual(filesBefore);
    });

    it('refuses a form without a file, a JSON body and a body far over the limit, without a 500', async () => {
      const missing = await as(lawyer, http().put(`/api/v1/users/${lawyer.id}/picture`))
        .field('note', 'rien')
        .expect(400);
      expect(missing.body).toMatchObject({
        code: 'UPLOAD_FILE_MISSING',
        message: 'Aucun fichier reçu : joignez le fichier dans le champ « file ».',
      });
      const json = await as(lawyer, http().put(`/api/v1/users/${lawyer.id}/picture`))
        .send({ data: 'data:image/png;base64,AAAA' })
        .expect(415);
      expect(json.body.code).toBe('UPLOAD_NOT_MULTIPART');
      const huge = await as(lawyer, http().put(`/api/v1/users/${lawyer.id}/picture`)).attach(
        'file',
        Buffer.alloc(11 * 1024 * 1024, 0x41),
        'huge.png',
      );
      expect(huge.status).toBe(413);
      expect(huge.body.code).toBe('IMAGE_TOO_LARGE');
      expect(huge.body.message).toBe('L’image dépasse la taille maximale de 5 Mo.');
    });

    it('lets an administrator set it, refuses another professional and an attendee (403), and anonymous callers (401)', async () => {
      const png = await image(200, 200, { colour: '#c0c000' });
      const before = await pictureOf(colleague.id);
      const other = await as(lawyer, http().put(`/api/v1/users/${colleague.id}/picture`))
        .attach('file', png, 'photo.png')
        .expect(403);
      expect(other.body.code).toBe('FORBIDDEN');
      await as(attendee, http().put(`/api/v1/users/${colleague.id}/picture`))
        .attach('file', png, 'photo.png')
        .expect(403);
      await http().put(`/api/v1/users/${colleague.id}/picture`).attach('file', png, 'photo.png').expect(401);
      await as(lawyer, http().delete(`/api/v1/users/${colleague.id}/picture`)).expect(403);
      expect(await pictureOf(colleague.id)).toBe(before);

      const byAdmin = await as(admin, http().put(`/api/v1/users/${colleague.id}/picture`))
        .attach('file', png, 'photo.png')
        .expect(200);
      expect(byAdmin.body.picture).toMatch(PICTURE_URL);
      await as(admin, http().put('/api/v1/users/00000000-0000-4000-8000-000000000000/picture'))
        .attach('file', png, 'photo.png')
        .expect(404);
    });

    it('keeps files another professional still uses when one of them removes the same photo', async () => {
      const png = await image(240, 240, { colour: '#00c0c0' });
      const mine = await as(lawyer, http().put(`/api/v1/users/${lawyer.id}/picture`))
        .attach('file', png, 'photo.png')
        .expect(200);
      const theirs = await as(colleague, http().put(`/api/v1/users/${colleague.id}/picture`))
        .attach('file', png, 'photo.png')
        .expect(200);
      expect(theirs.body.picture).toBe(mine.body.picture);
      await as(lawyer, http().delete(`/api/v1/users/${lawyer.id}/picture`)).expect(200);
      await http().get(theirs.body.picture).expect(200);
    });
  });

  describe('DELETE /api/v1/users/{id}/picture', () => {
    it('goes back to initials (picture null) and stops serving the files', async () => {
      const set = await as(colleague, http().put(`/api/v1/users/${colleague.id}/picture`))
        .attach('file', await image(200, 200, { colour: '#602060' }), 'photo')
        .expect(200);
      const removed = await as(colleague, http().delete(`/api/v1/users/${colleague.id}/picture`)).expect(200);
      expect(removed.body).toMatchObject({ _id: colleague.id, picture: null });
      expect(await pictureOf(colleague.id)).toBeNull();
      await http().get(set.body.picture).expect(404);
      // Idempotent.
      await as(colleague, http().delete(`/api/v1/users/${colleague.id}/picture`)).expect(200);
    });
  });

  describe('GET /api/v1/media/{name}', () => {
    it('answers 404 for unknown keys and never leaves MEDIA_DIR (path traversal)', async () => {
      // A file next to MEDIA_DIR that a traversal would reach.
      const outside = path.join(path.dirname(mediaDir), `${path.basename(mediaDir)}-secret.webp`);
      await writeFile(outside, 'TOP-SECRET-CONTENT');
      try {
        const unknown = await http()
          .get(`/api/v1/media/${'0'.repeat(32)}-400.webp`)
          .expect(404);
        expect(unknown.body).toMatchObject({ statusCode: 404, code: 'MEDIA_NOT_FOUND' });
        for (const attempt of [
          `/api/v1/media/..%2F${path.basename(outside)}`,
          `/api/v1/media/%2e%2e%2f${path.basename(outside)}`,
          `/api/v1/media/..%5C${path.basename(outside)}`,
          `/api/v1/media/../${path.basename(outside)}`,
          '/api/v1/media/..%2F..%2F..%2Fetc%2Fpasswd',
          '/api/v1/media/%2Fetc%2Fpasswd',
          `/api/v1/media/${'a'.repeat(32)}.png`,
          `/api/v1/media/${'a'.repeat(32)}.webp%00.png`,
        ]) {
          const response = await http().get(attempt);
          // A NUL byte is refused for the whole API (400 INVALID_CHARACTERS) before any route runs.
          const expected = attempt.includes('%00') ? 400 : 404;
          expect([attempt, response.status]).toEqual([attempt, expected]);
          expect(response.text).not.toContain('TOP-SECRET-CONTENT');
          expect(response.text).not.toContain('root:');
        }
      } finally {
        await rm(outside, { force: true });
      }
    });

    it('answers 304 to a revalidation with the same ETag', async () => {
      const set = await as(lawyer, http().put(`/api/v1/users/${lawyer.id}/picture`))
        .attach('file', await image(200, 200, { colour: '#406040' }), 'photo')
        .expect(200);
      const first = await http().get(set.body.picture).expect(200);
      await http().get(set.body.picture).set('if-none-match', first.headers.etag).expect(304);
    });
  });

  describe('/api/v1/admin/images (react-admin resource)', () => {
    it('creates, lists, reads, updates and deletes an image; files follow the rows', async () => {
      const created = await as(admin, http().post('/api/v1/admin/images'))
        .field('title', '  Palais de justice  ')
        .field('alt', 'Façade du palais')
        .attach('file', await image(2400, 1200, { format: 'jpeg' }), 'palais.jpg')
        .expect(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        title: 'Palais de justice',
        alt: 'Façade du palais',
        src: expect.stringMatching(/^\/api\/v1\/media\/[0-9a-f]{32}\.webp$/),
        thumbnail: expect.stringMatching(/^\/api\/v1\/media\/[0-9a-f]{32}-400\.webp$/),
        width: 1600,
        height: 800,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const full = await fetchFile(created.body.src).expect(200);
      expect(full.headers['cache-control']).toBe(IMMUTABLE);
      expect(await sharp(full.body as Buffer).metadata()).toMatchObject({
        format: 'webp',
        width: 1600,
        height: 800,
      });
      const thumb = await fetchFile(created.body.thumbnail).expect(200);
      expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ width: 400, height: 200 });

      const second = await as(admin, http().post('/api/v1/admin/images'))
        .field('title', 'Balance')
        .field('alt', 'Une balance')
        .attach('file', await image(120, 120), 'balance.png')
        .expect(201);

      const list = await as(admin, http().get('/api/v1/admin/images'))
        .query({ sort: '["title","ASC"]', range: '[0,0]', filter: '{"q":"palais"}' })
        .expect(200);
      expect(list.headers['content-range']).toBe('images 0-0/1');
      expect(list.body).toEqual([created.body]);
      const many = await as(admin, http().get('/api/v1/admin/images'))
        .query({ filter: JSON.stringify({ id: [created.body.id, second.body.id] }), sort: '["id","DESC"]' })
        .expect(200);
      expect(many.body.map((row: { id: number }) => row.id)).toEqual([second.body.id, created.body.id]);
      const badSort = await as(admin, http().get('/api/v1/admin/images'))
        .query({ sort: '["file_key","ASC"]' })
        .expect(400);
      expect(badSort.body.code).toBe('VALIDATION_FAILED');

      await as(admin, http().get(`/api/v1/admin/images/${created.body.id}`)).expect(200, created.body);

      // react-admin sends the whole record back: read-only fields are ignored.
      const renamed = await as(admin, http().put(`/api/v1/admin/images/${created.body.id}`))
        .send({ ...created.body, title: 'Palais (Lyon)', alt: 'Colonnes du palais' })
        .expect(200);
      expect(renamed.body).toMatchObject({
        title: 'Palais (Lyon)',
        alt: 'Colonnes du palais',
        src: created.body.src,
      });

      const replaced = await as(admin, http().put(`/api/v1/admin/images/${created.body.id}/file`))
        .attach('file', await image(800, 600, { format: 'webp' }), 'palais.webp')
        .expect(200);
      expect(replaced.body).toMatchObject({ width: 800, height: 600, title: 'Palais (Lyon)' });
      expect(replaced.body.src).not.toBe(created.body.src);
      await http().get(created.body.src).expect(404);
      await http().get(replaced.body.src).expect(200);

      await as(admin, http().delete(`/api/v1/admin/images/${created.body.id}`)).expect(200);
      await as(admin, http().get(`/api/v1/admin/images/${created.body.id}`)).expect(404);
      await http().get(replaced.body.src).expect(404);
      await http().get(replaced.body.thumbnail).expect(404);
      await as(admin, http().delete(`/api/v1/admin/images/${created.body.id}`)).expect(404);
    });

    it('refuses a bad upload in French (400, 413 over 5 MB) and creates nothing', async () => {
      const count = async () => Number((await db.pool.query('SELECT count(*) FROM images')).rows[0].count);
      const before = await count();
      const filesBefore = await storedFiles();
      for (const [file, code] of [
        [Buffer.alloc(0), 'IMAGE_INVALID_DATA'],
        [Buffer.from('%PDF-1.7 not an image'), 'IMAGE_UNSUPPORTED_TYPE'],
        [await image(40, 40), 'IMAGE_TOO_SMALL'],
      ] as const) {
        const response = await as(admin, http().post('/api/v1/admin/images'))
          .field('title', 'Essai')
          .field('alt', 'Essai')
          .attach('file', file, 'essai.png')
          .expect(400);
        expect(response.body.code).toBe(code);
      }
      const noFile = await as(admin, http().post('/api/v1/admin/images'))
        .field('title', 'Essai')
        .field('alt', 'Essai')
        .expect(400);
      expect(noFile.body).toMatchObject({
        code: 'UPLOAD_FILE_MISSING',
        message: 'Aucun fichier reçu : joignez le fichier dans le champ « file ».',
      });
      const noTitle = await as(admin, http().post('/api/v1/admin/images'))
        .field('alt', 'Essai')
        .attach('file', await image(120, 120), 'essai.png')
        .expect(400);
      expect(noTitle.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Le titre est obligatoire' });
      const tooLarge = await as(admin, http().post('/api/v1/admin/images'))
        .field('title', 'Essai')
        .field('alt', 'Essai')
        .attach('file', Buffer.alloc(6 * 1024 * 1024, 0x41), 'essai.png')
        .expect(413);
      expect(tooLarge.body.code).toBe('IMAGE_TOO_LARGE');
      expect(await count()).toBe(before);
      expect(await storedFiles()).toEqual(filesBefore);
    });

    it('is for administrators only: 401 without a token, 403 for a professional', async () => {
      await http().get('/api/v1/admin/images').expect(401);
      const forbidden = await as(lawyer, http().get('/api/v1/admin/images')).expect(403);
      expect(forbidden.body.code).toBe('FORBIDDEN');
      await as(lawyer, http().post('/api/v1/admin/images'))
        .field('title', 'x')
        .field('alt', 'x')
        .attach('file', await image(100, 100), 'x.png')
        .expect(403);
    });
  });

  it('refuses to start when MEDIA_DIR cannot be created', async () => {
    // A directory path under a regular file: no one can create it.
    const file = path.join(mediaDir, 'not-a-directory.txt');
    await writeFile(file, 'x');
    try {
      await expect(createTestApp({ env: { MEDIA_DIR: path.join(file, 'media') } })).rejects.toThrow(
        /MEDIA_DIR/,
      );
    } finally {
      await rm(file, { force: true });
    }
  });
});
