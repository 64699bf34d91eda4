/**
 * PostgreSQL errors by SQLSTATE, as thrown by pg or wrapped (once or more) by drizzle in `cause`.
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
export const SQLSTATE = {
  exclusionViolation: '23P01',
  deadlockDetected: '40P01',
  serializationFailure: '40001',
  lockNotAvailable: '55P03',
  queryCanceled: '57014',
} as const;

/** The SQLSTATE of a database error, looked up through drizzle's `cause` chain; undefined for anything else. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A transaction PostgreSQL aborted only because of concurrent transactions: running it again may succeed. */
export function isTransientConflict(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state === SQLSTATE.deadlockDetected || state === SQLSTATE.serializationFailure;
}

/**
 * Runs `work` (a whole transaction) again when PostgreSQL aborted it for a deadlock or a serialization
 * failure, at most `attempts` times in all, with a short random pause so the retries do not collide again.
 * The last failure is rethrown for the caller to map.
 */
export async function retryTransientConflicts<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

/** The constraint a unique violation (23505) broke, looked up through drizzle's `cause` chain; undefined otherwise. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : 'unique';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
