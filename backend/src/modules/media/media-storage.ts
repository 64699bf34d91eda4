import { Inject, Injectable } from '@nestjs/common';
import { FileStorage, LocalDiskFileStorage } from '../../common/file-storage';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { MEDIA_FILE_NAME } from './media-files';

export type { StoredFile } from '../../common/file-storage';

/**
 * Where media files live: the storage port (common/file-storage.ts) under its own token. Names are
 * content hashes (media-files.ts): a name once written never changes bytes.
 */
export abstract class MediaStorage extends FileStorage {}

/** Flat directory MEDIA_DIR, created at start; refuses to start when it cannot write there. */
@Injectable()
export class LocalDiskMediaStorage extends LocalDiskFileStorage implements MediaStorage {
  constructor(@Inject(ENV) env: Env) {
    super(env.MEDIA_DIR, MEDIA_FILE_NAME, 'MEDIA_DIR');
  }
}
