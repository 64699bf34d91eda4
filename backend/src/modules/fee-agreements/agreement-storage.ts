import { randomBytes } from 'node:crypto';
import { FileStorage } from '../../common/file-storage';
import { createFileStorage } from '../../common/file-storage-factory';
import type { StorageEnv } from '../../config/env.schema';

/** The accepted agreements' PDFs: beside the folder documents, under their own names (never served directly). */
export abstract class AgreementStorage extends FileStorage {}

export const AGREEMENT_STORAGE_NAME = /^agreement-[0-9a-f]{32}\.pdf$/;
export const newAgreementName = () => `agreement-${randomBytes(16).toString('hex')}.pdf`;

export function createAgreementStorage(env: StorageEnv): FileStorage {
  return createFileStorage(env, {
    dirVariable: 'DOCUMENTS_DIR',
    keyPrefix: 'documents/',
    namePattern: AGREEMENT_STORAGE_NAME,
  });
}

export async function readAll(storage: FileStorage, name: string): Promise<Buffer | undefined> {
  const file = await storage.open(name);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
