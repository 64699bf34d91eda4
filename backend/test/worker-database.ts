import { databaseUrlFor } from './database-url';

/**
 * Points each jest worker at its own copy of the run's migrated database and at its own Redis prefix (queues,
 * counters), so that suites running side by side never see each other's rows or consume each other's jobs. Runs
 * before every test file (jest `setupFiles`), before the file's imports read the environment. With one worker the
 * run's database and prefix are used as they are.
 */
const copies = Number(process.env.TEST_DATABASE_COPIES ?? 0);
if (copies > 1 && process.env.TEST_DATABASE_NAME && process.env.TEST_QUEUE_PREFIX) {
  const worker = ((Number(process.env.JEST_WORKER_ID ?? 1) - 1) % copies) + 1;
  process.env.DATABASE_URL = databaseUrlFor(`${process.env.TEST_DATABASE_NAME}_w${worker}`);
  process.env.QUEUE_PREFIX = `${process.env.TEST_QUEUE_PREFIX}-w${worker}`;
}
