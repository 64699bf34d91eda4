// The environment the scale bench and its smoke test start the API, the gateway and the worker's jobs with:
// production settings, a throwaway JWT secret and calendar key, files in a temporary directory.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

let work;
/** Environment of a backend process on `databaseUrl`, HTTP on `port` (if any), queues prefixed by `name`. */
export function serviceEnv({ databaseUrl, port, name, smtpPort = 9 }) {
  work ??= mkdtempSync(join(tmpdir(), 'rdv-bench-scale-'));
  return {
    ...process.env,
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX: '2',
    CALENDAR_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}`,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: BENCH_JWT_SECRET,
    LOG_LEVEL: 'warn',
    QUEUE_PREFIX: `bench-scale-${name}`,
    SECTOR: 'lawyer',
    TRUSTED_PROXIES: '127.0.0.1,::1',
    // Nothing listens there: the jobs only write outbox rows, no relay sends them in the bench.
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'RDV Bench <bench@example.test>',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    MEDIA_DIR: join(work, 'media'),
    DOCUMENTS_DIR: join(work, 'documents'),
    ANTIVIRUS: 'none',
    API_DOCS_ENABLED: 'false',
    ...(port !== undefined && { PORT: String(port) }),
  };
}
