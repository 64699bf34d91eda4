import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { MEDIA_FILE_NAME } from './media-files';

export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Where media files live (ARCHITECTURE.md, "Files ... through a storage port"): local disk by
 * default; an S3-compatible implementation can replace this class without touching the
 * services. Names are content hashes (media-files.ts): a name once written never changes bytes.
 */
export abstract class MediaStorage {
  /** Stores `bytes` under `name`; a no-op when the name exists (same name = same bytes). */
  abstract put(name: string, bytes: Buffer): Promise<void>;
  /** The file, or undefined when there is none. */
  abstract open(name: string): Promise<StoredFile | undefined>;
  /** Removes the file if present. */
  abstract remove(name: string): Promise<void>;
}

/** Flat directory MEDIA_DIR, created at start; refuses to start when it cannot write there. */
@Injectable()
export class LocalDiskMediaStorage extends MediaStorage implements OnModuleInit {
  private readonly dir: string;

  constructor(@Inject(ENV) env: Env) {
    super();
    this.dir = env.MEDIA_DIR;
  }

  async onModuleInit(): Promise<void> {
    try {
      await fs.mkdir(this.dir, { recursive: true });
      await fs.access(this.dir, constants.W_OK);
    } catch (error) {
      // Fail at boot with the variable named rather than at the first upload.
      throw new Error(
        `Invalid environment: MEDIA_DIR ${this.dir} is not a writable directory (${(error as Error).message})`,
        { cause: error },
      );
    }
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(name);
    if (await exists(target)) return;
    // Write then rename: a reader never sees a half-written file, and two concurrent uploads of
    // the same image both end with the one complete file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temporary, bytes, { flag: 'wx' });
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async open(name: string): Promise<StoredFile | undefined> {
    if (!MEDIA_FILE_NAME.test(name)) return undefined;
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

  /** Only well-formed names map to a path, and only inside MEDIA_DIR (defence in depth). */
  private pathOf(name: string): string {
    if (!MEDIA_FILE_NAME.test(name)) throw new Error(`Invalid media file name: ${JSON.stringify(name)}`);
    const target = path.join(this.dir, name);
    if (path.dirname(target) !== this.dir) throw new Error(`Media path outside MEDIA_DIR: ${name}`);
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
