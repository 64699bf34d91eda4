import { randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * The storage port (ARCHITECTURE.md, "files behind the storage port"): flat names chosen by the
 * server, whole files or streams in, streams out. Small on purpose so an object-store adapter (S3) can
 * implement it without knowing about any feature (s3-file-storage.ts; STORAGE picks one). Each feature has its own token (MediaStorage,
 * DocumentStorage) and its own name pattern, so one feature can never read another's files.
 */
export abstract class FileStorage {
  /** Stores `bytes` under `name`; a no-op when the name exists (callers never reuse a name for other bytes). */
  abstract put(name: string, bytes: Buffer): Promise<void>;
  /**
   * Stores what `stream` yields under a new `name` (uploads: random names, never reused). When the
   * stream fails, nothing is left under the name and the promise rejects with the stream's error.
   */
  abstract putStream(name: string, stream: Readable): Promise<void>;
  /** The file, or undefined when there is none. */
  abstract open(name: string): Promise<StoredFile | undefined>;
  /** Removes the file if present. */
  abstract remove(name: string): Promise<void>;
  /** Boot check (Nest calls it for providers; scripts call it themselves): throws naming the variable to fix. */
  async onModuleInit(): Promise<void> {}
  /** Releases connections (the S3 client's sockets). */
  onModuleDestroy(): void {}
}

/**
 * Local-disk adapter: one flat directory, created at start (`onModuleInit`); the process refuses to
 * start when it cannot write there, naming the variable. Only names matching `namePattern` map to a
 * path, and only inside the directory (no traversal, whatever a caller passes).
 */
export class LocalDiskFileStorage extends FileStorage {
  constructor(
    private readonly dir: string,
    private readonly namePattern: RegExp,
    /** The environment variable naming `dir`, for the boot error. */
    private readonly variable: string,
  ) {
    super();
  }

  override async onModuleInit(): Promise<void> {
    try {
      await fs.mkdir(this.dir, { recursive: true });
      await fs.access(this.dir, constants.W_OK);
    } catch (error) {
      // Fail at boot with the variable named rather than at the first upload.
      throw new Error(
        `Invalid environment: ${this.variable} ${this.dir} is not a writable directory (${(error as Error).message})`,
        { cause: error },
      );
    }
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(name);
    if (await exists(target)) return;
    // Write then rename: a reader never sees a half-written file, and two concurrent writes of the
    // same name both end with the one complete file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async putStream(name: string, stream: Readable): Promise<void> {
    const target = this.pathOf(name);
    // Same write-then-rename as `put`: a failed or refused upload never leaves a file under its name.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await pipeline(stream, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async open(name: string): Promise<StoredFile | undefined> {
    if (!this.namePattern.test(name)) return undefined;
    let handle: FileHandle;
    try {
      handle = await fs.open(this.pathOf(name), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      // Stat the open descriptor: the size sent is the size of the bytes streamed.
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    await fs.rm(this.pathOf(name), { force: true });
  }

  /** Only well-formed names map to a path, and only inside the directory (defence in depth). */
  private pathOf(name: string): string {
    if (!this.namePattern.test(name)) throw new Error(`Invalid stored file name: ${JSON.stringify(name)}`);
    const target = path.join(this.dir, name);
    if (path.dirname(target) !== this.dir)
      throw new Error(`Stored file path outside ${this.variable}: ${name}`);
    return target;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
