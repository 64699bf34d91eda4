import type { StorageEnv } from '../config/env.schema';
import { FileStorage, LocalDiskFileStorage } from './file-storage';

/** One feature's corner of the storage: its local directory, its S3 key prefix, its name pattern. */
export interface StorageArea {
  /** The directory variable used when STORAGE=local. */
  dirVariable: 'MEDIA_DIR' | 'DOCUMENTS_DIR';
  /** The key prefix used when STORAGE=s3 (one bucket, one prefix per feature). */
  keyPrefix: 'media/' | 'documents/';
  namePattern: RegExp;
}

/**
 * The adapter STORAGE chooses for one feature. Each call has its own S3 client, closed with the
 * storage (onModuleDestroy). The caller runs `onModuleInit` (Nest does for providers): that is the
 * boot check.
 */
export function createFileStorage(env: StorageEnv, area: StorageArea): FileStorage {
  if (env.STORAGE === 'local')
    return new LocalDiskFileStorage(env[area.dirVariable], area.namePattern, area.dirVariable);
  // Loaded only with STORAGE=s3: the AWS SDK is a few hundred modules the local disk does not need.
  /* eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred on purpose (see above) */
  const s3: typeof import('./s3-file-storage') = require('./s3-file-storage');
  const { createS3Client, S3FileStorage } = s3;
  // Both set by the schema's check when STORAGE=s3.
  const bucket = env.S3_BUCKET!;
  const region = env.S3_REGION!;
  return new S3FileStorage({
    client: createS3Client({
      endpoint: env.S3_ENDPOINT,
      region,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    }),
    bucket,
    keyPrefix: area.keyPrefix,
    namePattern: area.namePattern,
    serverSideEncryption:
      env.S3_SERVER_SIDE_ENCRYPTION === 'none' ? undefined : env.S3_SERVER_SIDE_ENCRYPTION,
    endpointLabel: env.S3_ENDPOINT ?? `AWS S3 (${region})`,
  });
}
