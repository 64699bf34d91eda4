import { FileStorage } from '../../common/file-storage';
import { createFileStorage } from '../../common/file-storage-factory';
import type { StorageEnv } from '../../config/env.schema';
import { MEDIA_FILE_NAME } from './media-files';

export type { StoredFile } from '../../common/file-storage';

/**
 * Where media files live: the storage port (common/file-storage.ts) under its own token. Names are
 * content hashes (media-files.ts): a name once written never changes bytes.
 */
export abstract class MediaStorage extends FileStorage {}

/**
 * STORAGE=local: flat directory MEDIA_DIR, created at start; STORAGE=s3: the bucket's `media/`
 * prefix. Either refuses to start when it cannot write there.
 */
export function createMediaStorage(env: StorageEnv): MediaStorage {
  return createFileStorage(env, {
    dirVariable: 'MEDIA_DIR',
    keyPrefix: 'media/',
    namePattern: MEDIA_FILE_NAME,
  });
}
