import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStorage } from '../../src/common/file-storage';
import { loadStorageEnv, type StorageEnv } from '../../src/config/env.schema';
import { createDocumentStorage } from '../../src/modules/client-folders/document-storage';
import { createMediaStorage } from '../../src/modules/media/media-storage';
import { startLocalS3, type LocalS3 } from '../support/s3-server';

const MEDIA = `${'c'.repeat(32)}-400.webp`;
const OTHER_MEDIA = `${'d'.repeat(32)}.webp`;
const DOCUMENT = `${'e'.repeat(32)}.pdf`;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A storage environment that must not boot, and the line that must say why. */
interface Misconfiguration {
  what: string;
  env: () => Promise<StorageEnv>;
  error: RegExp;
}

/** One adapter under test: its environment and a way to see what it really stored, per feature. */
interface Adapter {
  env: StorageEnv;
  stored(area: 'media' | 'documents'): Promise<string[]>;
  misconfigurations: Misconfiguration[];
  close(): Promise<void>;
}

async function localDisk(): Promise<Adapter> {
  const root = await mkdtemp(path.join(tmpdir(), 'rdv-storage-'));
  const blocker = path.join(root, 'a-file');
  await writeFile(blocker, 'not a directory');
  return {
    env: loadStorageEnv({
      MEDIA_DIR: path.join(root, 'media'),
      DOCUMENTS_DIR: path.join(root, 'documents'),
    }),
    stored: async (area) => (await readdir(path.join(root, area))).sort(),
    misconfigurations: [
      {
        what: 'MEDIA_DIR cannot be created (a file is in the way)',
        env: async () => loadStorageEnv({ MEDIA_DIR: path.join(blocker, 'media') }),
        error: /^Invalid environment: MEDIA_DIR \S+\/a-file\/media is not a writable directory/,
      },
    ],
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3(): Promise<Adapter> {
  const server = await startLocalS3();
  return {
    env: loadStorageEnv(server.env),
    stored: async (area) =>
      (await server.keys())
        .filter((key) => key.startsWith(`${area}/`))
        .map((key) => key.slice(area.length + 1)),
    misconfigurations: [
      {
        what: 'S3_BUCKET does not exist',
        env: async () => loadStorageEnv({ ...server.env, S3_BUCKET: 'no-such-bucket' }),
        error: /^Invalid environment: S3_BUCKET no-such-bucket does not exist at http:\/\/127\.0\.0\.1:\d+$/,
      },
      {
        what: 'the keys are wrong',
        env: async () =>
          loadStorageEnv({ ...server.env, S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'WRONG' }),
        error:
          /^Invalid environment: S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY are refused by http:\/\/127\.0\.0\.1:\d+ for bucket rdv-test \(HTTP 403\)$/,
      },
      {
        what: 'S3_ENDPOINT is unreachable',
        env: async () => loadStorageEnv({ ...server.env, S3_ENDPOINT: await closedPortUrl() }),
        error: /^Invalid environment: S3_ENDPOINT http:\/\/127\.0\.0\.1:\d+ is unreachable \(.*ECONNREFUSED/,
      },
    ],
    close: () => server.close(),
  };
}

/** The URL of a loopback port that was free a moment ago and has nobody listening. */
async function closedPortUrl(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe.each([
  ['local disk (STORAGE=local)', localDisk],
  ['S3-compatible bucket (STORAGE=s3, s3rver)', s3],
] as const)('Storage port: %s', (_label, makeAdapter) => {
  let adapter: Adapter;
  let media: FileStorage;
  let documents: FileStorage;

  beforeAll(async () => {
    adapter = await makeAdapter();
  });
  afterAll(() => adapter.close());

  beforeEach(async () => {
    media = createMediaStorage(adapter.env);
    documents = createDocumentStorage(adapter.env);
    await media.onModuleInit();
    await documents.onModuleInit();
  });
  afterEach(async () => {
    for (const name of [MEDIA, OTHER_MEDIA]) await media.remove(name);
    await documents.remove(DOCUMENT);
    media.onModuleDestroy();
    documents.onModuleDestroy();
  });

  it('writes a name once and reads it back with its size; a second write of the name changes nothing', async () => {
    await media.put(MEDIA, Buffer.from('first'));
    // Same name = same content by construction (content-addressed): a second write is a no-op.
    await media.put(MEDIA, Buffer.from('other bytes'));
    expect(await adapter.stored('media')).toEqual([MEDIA]);
    const file = await media.open(MEDIA);
    expect(file?.size).toBe(5);
    expect((await readAll(file!.stream)).toString()).toBe('first');
  });

  it('streams a 3 MB file back byte for byte', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    await documents.put(DOCUMENT, bytes);
    const file = await documents.open(DOCUMENT);
    expect(file?.size).toBe(bytes.length);
    expect(Buffer.compare(await readAll(file!.stream), bytes)).toBe(0);
  });

  it('two concurrent writes of one name end with one complete file', async () => {
    const bytes = randomBytes(256 * 1024);
    await Promise.all([media.put(MEDIA, bytes), media.put(MEDIA, bytes)]);
    expect(await adapter.stored('media')).toEqual([MEDIA]);
    expect(Buffer.compare(await readAll((await media.open(MEDIA))!.stream), bytes)).toBe(0);
  });

  it('has no file for unknown or malformed names, and refuses to write or remove outside the pattern', async () => {
    expect(await media.open(OTHER_MEDIA)).toBeUndefined();
    for (const name of ['../../etc/passwd', `../documents/${DOCUMENT}`, `media/${MEDIA}`, '', `${MEDIA}/`])
      expect(await media.open(name)).toBeUndefined();
    await expect(media.put('../evil.webp', Buffer.from('x'))).rejects.toThrow(/Invalid stored file name/);
    await expect(media.put(`x/${MEDIA}`, Buffer.from('x'))).rejects.toThrow(/Invalid stored file name/);
    await expect(media.remove('../media')).rejects.toThrow(/Invalid stored file name/);
    expect(await adapter.stored('media')).toEqual([]);
  });

  it('a feature only reaches its own names: documents are out of the media storage’s reach and back', async () => {
    await documents.put(DOCUMENT, Buffer.from('%PDF-1.4 secret'));
    await media.put(MEDIA, Buffer.from('webp'));
    expect(await media.open(DOCUMENT)).toBeUndefined();
    await expect(media.put(DOCUMENT, Buffer.from('x'))).rejects.toThrow(/Invalid stored file name/);
    await expect(media.remove(DOCUMENT)).rejects.toThrow(/Invalid stored file name/);
    expect(await documents.open(MEDIA)).toBeUndefined();
    expect(await adapter.stored('media')).toEqual([MEDIA]);
    expect(await adapter.stored('documents')).toEqual([DOCUMENT]);
    expect((await readAll((await documents.open(DOCUMENT))!.stream)).toString()).toBe('%PDF-1.4 secret');
  });

  it('removes a file, and removing a missing one is not an error', async () => {
    await media.put(MEDIA, Buffer.from('x'));
    await media.put(OTHER_MEDIA, Buffer.from('y'));
    await media.remove(MEDIA);
    await media.remove(MEDIA);
    expect(await media.open(MEDIA)).toBeUndefined();
    expect(await adapter.stored('media')).toEqual([OTHER_MEDIA]);
  });

  it('refuses to start when misconfigured, naming the variable', async () => {
    for (const bad of adapter.misconfigurations) {
      const storage = createMediaStorage(await bad.env());
      try {
        await expect(storage.onModuleInit()).rejects.toThrow(bad.error);
      } finally {
        storage.onModuleDestroy();
      }
    }
  });
});

describe('S3 adapter specifics', () => {
  let server: LocalS3;

  beforeAll(async () => {
    server = await startLocalS3();
  });
  afterAll(() => server.close());

  it('keeps each feature under its own key prefix and leaves no boot-check object behind', async () => {
    const env = loadStorageEnv(server.env);
    const media = createMediaStorage(env);
    const documents = createDocumentStorage(env);
    await Promise.all([media.onModuleInit(), documents.onModuleInit()]);
    await media.put(MEDIA, Buffer.from('webp'));
    await documents.put(DOCUMENT, Buffer.from('%PDF-'));
    expect(await server.keys()).toEqual([`documents/${DOCUMENT}`, `media/${MEDIA}`]);
    await media.remove(MEDIA);
    await documents.remove(DOCUMENT);
    expect(await server.keys()).toEqual([]);
    media.onModuleDestroy();
    documents.onModuleDestroy();
  });

  it('asks for server-side encryption on every upload and never sends an ACL (objects stay private)', async () => {
    const documents = createDocumentStorage(loadStorageEnv(server.env));
    await documents.onModuleInit();
    server.requests.length = 0;
    await documents.put(DOCUMENT, Buffer.from('%PDF-'));
    await documents.remove(DOCUMENT);
    const puts = server.requests.filter((request) => request.method === 'PUT');
    expect(puts.map((request) => request.path.split('?')[0])).toEqual([`/rdv-test/documents/${DOCUMENT}`]);
    expect(puts[0].headers['x-amz-server-side-encryption']).toBe('AES256');
    expect(server.requests.filter((request) => 'x-amz-acl' in request.headers)).toEqual([]);
    documents.onModuleDestroy();

    const plain = createDocumentStorage(loadStorageEnv({ ...server.env, S3_SERVER_SIDE_ENCRYPTION: 'none' }));
    await plain.onModuleInit();
    server.requests.length = 0;
    await plain.put(DOCUMENT, Buffer.from('%PDF-'));
    await plain.remove(DOCUMENT);
    const put = server.requests.find((request) => request.method === 'PUT');
    expect(put?.headers['x-amz-server-side-encryption']).toBeUndefined();
    plain.onModuleDestroy();
  });
});

describe('Storage environment', () => {
  it('MEDIA_DIR and DOCUMENTS_DIR default under var/ and resolve against the working directory', () => {
    expect(loadStorageEnv({})).toMatchObject({
      MEDIA_DIR: path.resolve('var/media'),
      DOCUMENTS_DIR: path.resolve('var/documents'),
    });
    expect(loadStorageEnv({ MEDIA_DIR: '/srv/media' }).MEDIA_DIR).toBe('/srv/media');
    expect(loadStorageEnv({ MEDIA_DIR: 'uploads' }).MEDIA_DIR).toBe(path.resolve('uploads'));
  });

  it('defaults to the local disk; STORAGE=s3 needs S3_BUCKET and S3_REGION, each named', () => {
    expect(loadStorageEnv({}).STORAGE).toBe('local');
    expect(() => loadStorageEnv({ STORAGE: 'ftp' })).toThrow(
      'Invalid environment: STORAGE must be local or s3',
    );
    expect(() => loadStorageEnv({ STORAGE: 's3', S3_REGION: 'eu-west-3' })).toThrow(
      'Invalid environment: S3_BUCKET must be set when STORAGE=s3',
    );
    expect(() => loadStorageEnv({ STORAGE: 's3', S3_BUCKET: 'rdv-files' })).toThrow(
      'Invalid environment: S3_REGION must be set when STORAGE=s3',
    );
    expect(loadStorageEnv({ STORAGE: 's3', S3_BUCKET: 'rdv-files', S3_REGION: 'eu-west-3' })).toMatchObject({
      S3_FORCE_PATH_STYLE: false,
      S3_SERVER_SIDE_ENCRYPTION: 'AES256',
    });
  });

  it('names a malformed bucket, endpoint or flag, and an access key without its secret', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'rdv-files', S3_REGION: 'fr-par' };
    expect(() => loadStorageEnv({ ...s3, S3_BUCKET: 'Mon_Bucket' })).toThrow(
      /^Invalid environment: S3_BUCKET must be a bucket name/,
    );
    expect(() => loadStorageEnv({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(
      'Invalid environment: S3_ENDPOINT must be a http(s):// URL',
    );
    expect(() => loadStorageEnv({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      'Invalid environment: S3_FORCE_PATH_STYLE must be true or false (S3_FORCE_PATH_STYLE)',
    );
    expect(() => loadStorageEnv({ ...s3, S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /^Invalid environment: S3_SECRET_ACCESS_KEY must be set with the other S3 key/,
    );
    expect(() => loadStorageEnv({ ...s3, S3_SERVER_SIDE_ENCRYPTION: 'rot13' })).toThrow(
      'Invalid environment: S3_SERVER_SIDE_ENCRYPTION must be AES256, aws:kms or none',
    );
  });
});
