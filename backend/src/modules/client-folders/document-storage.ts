import { FileStorage } from '../../common/file-storage';
import { createFileStorage } from '../../common/file-storage-factory';
import type { StorageEnv } from '../../config/env.schema';
import { DOCUMENT_STORAGE_NAME } from './folder-documents';

/** The storage port's token for folder documents (local disk under DOCUMENTS_DIR by default). */
export abstract class DocumentStorage extends FileStorage {}

/**
 * STORAGE=local: DOCUMENTS_DIR; STORAGE=s3: the bucket's `documents/` prefix, uploads encrypted
 * server-side (S3_SERVER_SIDE_ENCRYPTION) and private (no ACL). Downloads only ever go through the
 * API's signed links. Also used by the seed (the demo folder's PDF).
 */
export function createDocumentStorage(env: StorageEnv): FileStorage {
  return createFileStorage(env, {
    dirVariable: 'DOCUMENTS_DIR',
    keyPrefix: 'documents/',
    namePattern: DOCUMENT_STORAGE_NAME,
  });
}
