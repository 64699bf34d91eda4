import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEnv, type Env } from '../../config/env.schema';
import { LocalDiskMediaStorage } from './media-storage';

const BASE_ENV = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', JWT_SECRET: 'x'.repeat(32) };
const NAME = `${'c'.repeat(32)}-400.webp`;

describe('MEDIA_DIR', () => {
  it('defaults to var/media and is resolved to an absolute path against the working directory', () => {
    expect(loadEnv(BASE_ENV).MEDIA_DIR).toBe(path.resolve('var/media'));
    expect(loadEnv({ ...BASE_ENV, MEDIA_DIR: '/srv/media' }).MEDIA_DIR).toBe('/srv/media');
    expect(loadEnv({ ...BASE_ENV, MEDIA_DIR: 'uploads' }).MEDIA_DIR).toBe(path.resolve('uploads'));
  });
});

describe('LocalDiskMediaStorage', () => {
  let dir: string;
  let storage: LocalDiskMediaStorage;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rdv-storage-'));
    storage = new LocalDiskMediaStorage({ MEDIA_DIR: path.join(dir, 'media') } as Env);
    await storage.onModuleInit();
  });

  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('creates MEDIA_DIR, writes a file once and reads it back with its size', async () => {
    await storage.put(NAME, Buffer.from('first'));
    // Same name = same content by construction: a second write is a no-op.
    await storage.put(NAME, Buffer.from('other'));
    expect(await readFile(path.join(dir, 'media', NAME), 'utf8')).toBe('first');
    expect(await readdir(path.join(dir, 'media'))).toEqual([NAME]);
    const file = await storage.open(NAME);
    expect(file?.size).toBe(5);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('first');
  });

  it('has no file for unknown or malformed names, and refuses to write outside its pattern', async () => {
    expect(await storage.open(`${'d'.repeat(32)}.webp`)).toBeUndefined();
    expect(await storage.open('../../etc/passwd')).toBeUndefined();
    await expect(storage.put('../evil.webp', Buffer.from('x'))).rejects.toThrow(/Invalid stored file name/);
    await expect(storage.remove('../media')).rejects.toThrow(/Invalid stored file name/);
  });

  it('removes a file, and removing a missing one is not an error', async () => {
    await storage.put(NAME, Buffer.from('x'));
    await storage.remove(NAME);
    await storage.remove(NAME);
    expect(await storage.open(NAME)).toBeUndefined();
  });
});
