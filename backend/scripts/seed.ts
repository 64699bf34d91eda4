/**
 * Loads the reference data (departments, communes, specialities, site config) and the demo data.
 * Idempotent. Usage: npm run seed -w backend [-- --no-communes] [-- --no-demo]
 * Reads DATABASE_URL, SECTOR (lawyer by default) and the storage variables for the demo folder's
 * document and the demo professional's photo: DOCUMENTS_DIR and MEDIA_DIR, or STORAGE=s3 and S3_* (without
 * them, the demo folder has no file and the demo professional keeps their initials).
 */
import { getSector } from '@rdv/sectors';
import type { FileStorage } from '../src/common/file-storage';
import { loadStorageEnv } from '../src/config/env.schema';
import { fail, redactUrl } from '../src/config/preflight';
import { createDocumentStorage } from '../src/modules/client-folders/document-storage';
import { createAgreementStorage } from '../src/modules/fee-agreements/agreement-storage';
import { createMediaStorage } from '../src/modules/media/media-storage';
import { createDb, createPool } from '../src/database/database.module';
import { DEMO_ACCOUNTS, seed } from '../src/database/seed';

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl))
    fail('Invalid environment: DATABASE_URL must be a postgres:// URL');
  let sector;
  try {
    sector = getSector(process.env.SECTOR);
  } catch (error) {
    fail(`Invalid environment: ${error instanceof Error ? error.message : String(error)}`);
  }
  const args = new Set(process.argv.slice(2));
  let documents: FileStorage | undefined;
  if (process.env.DOCUMENTS_DIR || process.env.STORAGE === 's3') {
    try {
      documents = createDocumentStorage(loadStorageEnv());
      await documents.onModuleInit();
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  }
  let agreements: FileStorage | undefined;
  if (process.env.DOCUMENTS_DIR || process.env.STORAGE === 's3') {
    try {
      agreements = createAgreementStorage(loadStorageEnv());
      await agreements.onModuleInit();
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  }
  let media: FileStorage | undefined;
  if (process.env.MEDIA_DIR || process.env.STORAGE === 's3') {
    try {
      media = createMediaStorage(loadStorageEnv());
      await media.onModuleInit();
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  }
  const pool = createPool(databaseUrl, 2);
  const started = Date.now();
  try {
    await seed(createDb(pool), {
      sector: sector.key,
      communes: !args.has('--no-communes'),
      demo: !args.has('--no-demo'),
      documents,
      agreements,
      media,
      log: (line) => process.stdout.write(`seed: ${line}\n`),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    const message = error instanceof Error ? error.message : String(error);
    fail(`Seed failed on ${redactUrl(databaseUrl)}: ${message.slice(0, 300)}${cause}`);
  } finally {
    await pool.end();
    documents?.onModuleDestroy();
    media?.onModuleDestroy();
  }
  process.stdout.write(`seed: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  if (!args.has('--no-demo')) {
    process.stdout.write(
      `seed: demo accounts: admin ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}, ` +
        `professional ${DEMO_ACCOUNTS.professional.username} (${DEMO_ACCOUNTS.professional.email}) / ${DEMO_ACCOUNTS.professional.password}, ` +
        `attendee ${DEMO_ACCOUNTS.attendee.email} / ${DEMO_ACCOUNTS.attendee.password}\n`,
    );
  }
}

void main();
