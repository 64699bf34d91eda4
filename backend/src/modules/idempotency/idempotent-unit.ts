import { retryTransientConflicts } from '../../common/database-errors';
import type { Database, Transaction } from '../../database';
import {
  type AmbientTransaction,
  ambientTransaction,
  type RunOptions,
} from '../../database/ambient-transaction';
import { runPipelined } from '../../database/pipelined-transaction';
import type { IdempotencyRepository, StoredIdempotentResponse } from './idempotency.repository';

/** The answer of a request: what the first request with a key got, and what its repeats replay. */
export interface HttpOutcome {
  status: number;
  body: unknown;
}

/** Thrown out of the handler when the key turned out to be answered already (by a concurrent request). */
export class AlreadyAnswered extends Error {
  constructor(readonly stored: StoredIdempotentResponse) {
    super('Idempotency-Key already answered');
  }
}

/**
 * The lookup of a request's Idempotency-Key, made by the handler inside its own first read (one round trip for
 * both) when the operation is marked `@Idempotent(operation, { lookupInHandler: true })`: the handler adds
 * `answerSql` (a JSON value, null when the key has no answer; `scope` and `key` are the SQL placeholders of
 * `values`) to that read and hands its value to `settle` before deciding anything, which replays a recorded
 * answer (as the interceptor's own lookup would). A handler that fails before settling is still answered
 * right: the claim of the key returns a recorded answer, which then replays.
 */
export interface IdempotencyLookup {
  values: [scope: string, key: string];
  answerSql: (scope: string, key: string) => string;
  settle: (answer: unknown) => void;
}

/** The pending key lookup of the current request (see `IdempotencyLookup`), if it has one. */
export function idempotencyLookup(): IdempotencyLookup | undefined {
  const unit = ambientTransaction.getStore();
  return unit instanceof IdempotentUnit ? unit.pendingLookup() : undefined;
}

/** Rolls the held transaction back (the handler failed after its write). */
class Abandoned extends Error {}

interface Held {
  tx: Transaction;
  /** Resolved with the answer to record (then commit) or null (then roll back). */
  finish: (outcome: HttpOutcome | null) => void;
  /** The transaction's end: commit, or the rollback's cause. */
  done: Promise<void>;
}

/**
 * One request's unit of work under an Idempotency-Key. The handler's first `Transactions.run` opens the
 * transaction, claims the key in it (waiting for a concurrent request with the same key, whose answer then
 * replays), runs the work, and keeps the transaction open until the interceptor knows the answer: the answer
 * is recorded and committed with the writes, so a crash can lose both but never one without the other.
 * Further `run`s of the same request nest as savepoints. Work that fails rolls back everything, the claim too.
 */
export class IdempotentUnit implements AmbientTransaction {
  private held?: Held;
  /** The key's lookup is left to the handler's first read and not made yet (see `IdempotencyLookup`). */
  private lookupPending: boolean;

  constructor(
    private readonly db: Database,
    private readonly repository: IdempotencyRepository,
    private readonly scope: string,
    private readonly key: string,
    private readonly requestHash: string,
    lookupInHandler = false,
  ) {
    this.lookupPending = lookupInHandler;
  }

  /** The key's lookup, while the handler has yet to make it with its first read (else undefined). */
  pendingLookup(): IdempotencyLookup | undefined {
    if (!this.lookupPending) return undefined;
    return {
      values: [this.scope, this.key],
      answerSql: (scope, key) => `(
        SELECT json_build_object('requestHash', ik.request_hash, 'responseStatus', ik.response_status,
                                 'responseBody', ik.response_body)
        FROM idempotency_keys ik WHERE ik.scope = ${scope} AND ik.key = ${key})`,
      settle: (answer) => {
        this.lookupPending = false;
        if (answer) throw new AlreadyAnswered(answer as StoredIdempotentResponse);
      },
    };
  }

  get opened(): boolean {
    return this.held !== undefined;
  }

  run<T>(work: (tx: Transaction) => Promise<T>, options: RunOptions): Promise<T> {
    const held = this.held;
    if (held) {
      // A savepoint: a deadlock inside it rolls back to it, so repeating only this work is safe.
      const nested = () => held.tx.transaction(work);
      return options.retryOnConflict ? retryTransientConflicts(nested) : nested();
    }
    const open = () => this.open(work);
    return options.retryOnConflict ? retryTransientConflicts(open) : open();
  }

  private open<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let finish: (outcome: HttpOutcome | null) => void = () => undefined;
      const answered = new Promise<HttpOutcome | null>((settle) => (finish = settle));
      let handedOver = false;
      const done = runPipelined(this.db, async ({ tx, sendNextWithCommit, sendNextWithFollowing, flush }) => {
        // The claim is sent with the work's first statement (one round trip for both), before it: a concurrent
        // request with the same key is still waited for before anything else. Its answer arrives with that
        // statement's; a key answered meanwhile makes the replay win over whatever the work did or threw.
        const queued = sendNextWithFollowing();
        const claimed = this.repository.claim(tx, this.scope, this.key, this.requestHash);
        claimed.catch(() => undefined); // read below, once sent
        await queued;
        let result: T;
        try {
          result = await work(tx);
        } catch (error) {
          await flush().catch(() => undefined);
          const stored = await claimed.catch(() => undefined);
          if (stored) throw new AlreadyAnswered(stored);
          throw error;
        }
        await flush();
        const stored = await claimed;
        if (stored) throw new AlreadyAnswered(stored);
        this.held = { tx, finish, done };
        handedOver = true;
        resolve(result);
        const outcome = await answered;
        if (!outcome) throw new Abandoned();
        // The answer goes with the COMMIT: one round trip for both.
        sendNextWithCommit();
        await this.repository.store(tx, this.scope, this.key, outcome.status, outcome.body);
      });
      // Before the hand-over, a failure is the work's (or the claim's): the caller sees it. After, `commit`
      // and `abandon` report the transaction's end.
      done.catch((error: unknown) => {
        if (!handedOver) reject(error);
      });
    });
  }

  /** Records the answer with the handler's writes and commits them together. */
  async commit(outcome: HttpOutcome): Promise<void> {
    const held = this.held!;
    held.finish(outcome);
    await held.done;
  }

  /** Rolls back the handler's writes and the claim (the handler failed after writing). */
  async abandon(): Promise<void> {
    const held = this.held;
    if (!held) return;
    this.held = undefined;
    held.finish(null);
    await held.done.catch((error: unknown) => {
      if (!(error instanceof Abandoned)) throw error;
    });
  }
}
