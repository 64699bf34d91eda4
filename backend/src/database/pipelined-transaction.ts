import { NodePgSession } from 'drizzle-orm/node-postgres';
import * as pg from 'pg';
import type { Pool, PoolClient, QueryConfig } from 'pg';
import type { Database, Transaction } from './database.types';

/** pg's own conversion of a parameter to its text form (dates, arrays, JSON), as the driver would send it. */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;

type QueryArgument = string | (QueryConfig & { rowMode?: string; name?: string });
type Result = { rows: unknown[]; rowCount: number | null; command?: string; fields?: unknown[] };

const noop = (): void => undefined;
const EMPTY: Result = { rows: [], rowCount: null, fields: [] };
const BEGIN = /^\s*begin\s*$/i;
const COMMIT = /^\s*commit\s*$/i;
const ROLLBACK = /^\s*rollback\s*$/i;

/**
 * `text` with its `$n` placeholders replaced by the escaped literals of `values` (undefined when a value has no
 * text form, e.g. bytes). Placeholders inside quoted strings, quoted identifiers and comments are left alone.
 */
export function inlineParameters(text: string, values: readonly unknown[] = []): string | undefined {
  const literals = literalsOf(values);
  if (!literals) return undefined;
  // Jumps from one character that matters to the next and copies the text between in one slice: a statement
  // of a few kilobytes (the booking's insert) is not rebuilt a character at a time (CPU and garbage per request).
  const special = /['"]|\$[0-9]|--|\/\*/g;
  let out = '';
  let copied = 0;
  for (let match = special.exec(text); match; match = special.exec(text)) {
    const i = match.index;
    const ch = text[i];
    let end: number;
    if (ch === "'" || ch === '"') {
      end = text.indexOf(ch, i + 1);
      while (end !== -1 && text[end + 1] === ch) end = text.indexOf(ch, end + 2);
      end = end === -1 ? text.length : end + 1;
    } else if (ch === '-') {
      end = text.indexOf('\n', i);
      end = end === -1 ? text.length : end;
    } else if (ch === '/') {
      end = text.indexOf('*/', i + 2);
      end = end === -1 ? text.length : end + 2;
    } else {
      const digits = /^[0-9]+/.exec(text.slice(i + 1, i + 12))![0];
      const literal = literals[Number(digits) - 1];
      if (literal === undefined) return undefined;
      out += text.slice(copied, i) + literal;
      end = i + 1 + digits.length;
      copied = end;
    }
    special.lastIndex = end;
  }
  out += text.slice(copied);
  return out;
}

/** The escaped literals of `values`, or undefined when one has no text form (e.g. bytes). */
function literalsOf(values: readonly unknown[]): string[] | undefined {
  const literals: string[] = [];
  for (const value of values) {
    const prepared = prepareValue(value);
    if (prepared === null || prepared === undefined) literals.push('NULL');
    else if (typeof prepared === 'string') literals.push(pg.escapeLiteral(prepared));
    else return undefined;
  }
  return literals;
}

/**
 * A statement of a group: its inlined text, or for a named statement its name, text and literals, turned into
 * `EXECUTE` (with the connection's `PREPARE` the first time) or inlined text when the group is sent (`textsOf`).
 */
type Piece =
  | { text: string }
  | { named: { name: string; text: string; values: readonly unknown[]; literals: string[] } };

/**
 * What each connection has prepared by SQL `PREPARE` (a named statement sent in a group): 'pending' while the
 * group holding its PREPARE is on its way (a group sent meanwhile inlines the statement rather than prepare it
 * twice), 'prepared', or 'unknown' after a group holding its PREPARE failed (it may or may not have run; the
 * statement is then sent inlined on that connection, unplanned but never prepared twice). Keyed by the pool's
 * client, which lives as long as its connection. SQL-prepared names start with `pipe_`: node-postgres prepares
 * names through the protocol on its own (a named query sent alone), in the same namespace, without knowing of these.
 */
type PreparedState = 'pending' | 'prepared' | 'unknown';
const preparedByConnection = new WeakMap<object, Map<string, PreparedState>>();

function preparedOn(client: object): Map<string, PreparedState> {
  let prepared = preparedByConnection.get(client);
  if (!prepared) preparedByConnection.set(client, (prepared = new Map()));
  return prepared;
}

/**
 * The piece of a named statement, so that PostgreSQL plans it once per connection (then keeps a generic plan, as
 * for a named statement sent alone) although it travels in a simple-protocol group; undefined when a value has
 * no text form.
 */
function namedPiece(name: string, text: string, values: readonly unknown[]): Piece | undefined {
  const literals = literalsOf(values);
  // Quoted: the names of cached-plan reads hold base64url characters ('-').
  return literals && { named: { name: pg.escapeIdentifier(`pipe_${name}`), text, values, literals } };
}

/**
 * The texts of a group's pieces on `client`, and the PREPAREs that must run before them: each named statement new
 * to the connection, once (marked 'pending' until the group answers).
 */
function textsOf(
  client: object,
  pieces: Piece[],
): { texts: string[]; prepares: { name: string; sql: string }[] } {
  const states = preparedOn(client);
  const prepares: { name: string; sql: string }[] = [];
  const texts = pieces.map((piece) => {
    if ('text' in piece) return piece.text;
    const { name, text, values, literals } = piece.named;
    const state = states.get(name);
    // In doubt, or on its way in another group: inlined (its literals have a text form, so it inlines).
    if (state === 'pending' || state === 'unknown') return inlineParameters(text, values)!;
    if (state === undefined) {
      states.set(name, 'pending');
      prepares.push({ name, sql: `PREPARE ${name} AS ${text}` });
    }
    return `EXECUTE ${name}${literals.length ? `(${literals.join(', ')})` : ''}`;
  });
  return { texts, prepares };
}

/**
 * Pools whose connections are lent per transaction by a pooler (DATABASE_TRANSACTION_POOLING): a SQL PREPARE
 * made in one transaction may be missing on the server connection of the next, so named statements go inlined.
 */
const transactionPooled = new WeakSet<Pool>();

export function sendNamedStatementsInlined(pool: Pool): void {
  transactionPooled.add(pool);
}

const isCommit = (piece: Piece): boolean => 'text' in piece && /^COMMIT$/.test(piece.text);

/** A statement held back to go with the next one, and where its own answer goes. */
interface HeldStatement {
  piece: Piece;
  rowMode?: string;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * A pool client that spares a transaction round trips: `BEGIN` is held back and sent with the first statement;
 * a statement marked `holdNextForNextStatement` goes with the one after it; a statement marked
 * `holdNextUntilCommit` goes with `COMMIT`; `commitWithNext` sends `COMMIT` right after the next statement.
 * Each group is one simple-protocol query (node-postgres does not pipeline; the parameters are inlined as
 * escaped literals, a named statement is an `EXECUTE` of its SQL `PREPARE`, see `namedPiece`); in such a query an
 * error skips the statements after it, so the transaction rolls back as usual. A statement whose parameters
 * cannot be inlined goes alone as usual.
 */
class PipeliningClient {
  private beginHeld = false;
  private heldForCommit?: Piece;
  private holdNextForCommit = false;
  private holdNextForNext = false;
  private commitAfterNext = false;
  private committed = false;
  private held: HeldStatement[] = [];
  private arrived?: () => void;

  constructor(
    private readonly client: PoolClient,
    /** False behind a transaction pooler: named statements go inlined (see `transactionPooled`). */
    private readonly prepareNamed: boolean,
  ) {}

  holdNextUntilCommit(): void {
    this.holdNextForCommit = true;
  }

  /** Resolves once the next statement has arrived (held, or sent alone when it could not be). */
  holdNextForNextStatement(): Promise<void> {
    this.holdNextForNext = true;
    return new Promise((resolve) => (this.arrived = resolve));
  }

  /** Undoes `holdNextForNextStatement` when no statement came. */
  cancelHoldNext(): void {
    this.holdNextForNext = false;
    this.arrived = undefined;
  }

  /** Sends what is held back (BEGIN, held statements) now. */
  async flush(): Promise<void> {
    if (this.beginHeld || this.held.length > 0) await this.sendGroup([], { text: '' });
  }

  commitWithNext(): void {
    this.commitAfterNext = true;
  }

  query(config: QueryArgument, values?: unknown[]): Promise<Result> {
    const query = typeof config === 'string' ? { text: config } : config;
    const params = values ?? (query.values as unknown[] | undefined) ?? [];
    if (BEGIN.test(query.text)) {
      this.beginHeld = true;
      return Promise.resolve(EMPTY);
    }
    if (ROLLBACK.test(query.text)) {
      this.heldForCommit = undefined;
      this.dropHeld(new Error('rolled back'));
      if (this.beginHeld || this.committed) {
        this.beginHeld = false; // nothing was sent, or the work already committed: nothing to roll back
        return Promise.resolve(EMPTY);
      }
      return this.send(query, params);
    }
    if (COMMIT.test(query.text)) {
      if (this.committed) return Promise.resolve(EMPTY);
      const held = this.heldForCommit;
      this.heldForCommit = undefined;
      if (held === undefined && this.beginHeld && this.held.length === 0) {
        this.beginHeld = false; // an empty transaction
        return Promise.resolve(EMPTY);
      }
      return this.sendGroup([...(held === undefined ? [] : [held]), { text: 'COMMIT' }], query);
    }
    if (this.committed) return Promise.reject(new Error('statement after the transaction committed'));
    const arrived = this.arrived;
    this.arrived = undefined;
    queueMicrotask(() => arrived?.());
    const inlined = this.pieceOf(query, params);
    if (inlined !== undefined && this.holdNextForCommit) {
      this.holdNextForCommit = false;
      this.heldForCommit = inlined;
      return Promise.resolve(EMPTY);
    }
    if (inlined !== undefined && this.holdNextForNext) {
      this.holdNextForNext = false;
      return new Promise<Result>((resolve, reject) =>
        this.held.push({ piece: inlined, rowMode: query.rowMode, resolve, reject }),
      );
    }
    this.holdNextForCommit = this.holdNextForNext = false;
    const commit = this.commitAfterNext;
    this.commitAfterNext = false;
    if (inlined !== undefined && (commit || this.beginHeld || this.held.length > 0)) {
      const sent = this.sendGroup([inlined, ...(commit ? [{ text: 'COMMIT' }] : [])], query, commit ? 2 : 1);
      return commit ? sent.then((result) => ((this.committed = true), result)) : sent;
    }
    const alone = () => this.send(query, params);
    return this.beginHeld || this.held.length > 0 ? this.sendGroup([], query).then(alone) : alone();
  }

  /** The statement as a piece of a group, or undefined when it must go alone (a value without text form). */
  private pieceOf(query: QueryConfig, params: unknown[]): Piece | undefined {
    if (query.name && this.prepareNamed) return namedPiece(query.name, query.text, params);
    const inlined = inlineParameters(query.text, params);
    return inlined === undefined ? undefined : { text: inlined };
  }

  private dropHeld(error: unknown): void {
    for (const statement of this.held.splice(0)) statement.reject(error);
  }

  private send(query: QueryConfig, params: unknown[]): Promise<Result> {
    return this.client.query(query, params) as unknown as Promise<Result>;
  }

  /**
   * The held BEGIN and statements, then `statements`, as one query; the answer is the one of the statement
   * `fromEnd` places from the end (the caller's), each held statement gets its own (in its row mode).
   */
  private async sendGroup(
    statements: Piece[],
    like: QueryConfig & { rowMode?: string },
    fromEnd = statements.length > 1 && isCommit(statements[statements.length - 1]) ? 2 : 1,
  ): Promise<Result> {
    const begin = this.beginHeld ? ['BEGIN'] : [];
    this.beginHeld = false;
    const held = this.held.splice(0);
    const { texts, prepares } = textsOf(this.client, [...held.map((h) => h.piece), ...statements]);
    const states = preparedOn(this.client);
    let results: Result[];
    try {
      // Array rows for all (a query has one row mode); each statement's answer is shaped as it asked.
      const answer = (await this.client.query({
        // The group's PREPAREs first (a PREPARE is not undone by a rollback; their answers are skipped below).
        text: [...prepares.map((p) => p.sql), ...begin, ...texts].join(';\n'),
        rowMode: 'array',
        ...(like.types ? { types: like.types } : {}),
      } as QueryConfig)) as unknown as Result | Result[];
      results = (Array.isArray(answer) ? answer : [answer]).slice(prepares.length);
    } catch (error) {
      for (const { name } of prepares) states.set(name, 'unknown');
      for (const statement of held) statement.reject(error);
      throw error;
    }
    for (const { name } of prepares) states.set(name, 'prepared');
    held.forEach((statement, i) => statement.resolve(shaped(results[begin.length + i], statement.rowMode)));
    if (statements.length === 0) return EMPTY;
    return shaped(results[results.length - fromEnd], like.rowMode);
  }
}

/** A result read in array mode, as the statement asked for it (objects unless `rowMode` is 'array'). */
function shaped(result: Result, rowMode: string | undefined): Result {
  if (rowMode === 'array' || !result.fields) return result;
  const names = (result.fields as { name: string }[]).map((f) => f.name);
  return {
    ...result,
    rows: (result.rows as unknown[][]).map((row) => Object.fromEntries(names.map((n, i) => [n, row[i]]))),
  };
}

/** The pipelining handle of the transactions `Transactions.run` opened (not the ambient or nested ones). */
const pipelines = new WeakMap<object, PipeliningClient>();

/**
 * Sends COMMIT right after the next statement of `tx`, in the same round trip: for a transaction's last
 * statement (typically the read of the answer). Nothing may be written in `tx` afterwards. Does nothing for a
 * transaction that is not its own (a request's unit of work under an Idempotency-Key, a savepoint).
 */
export function commitWithNextStatement(tx: object): void {
  pipelines.get(tx)?.commitWithNext();
}

/**
 * Starts `statement` (at most one query in `tx`) held back, to be sent with the next statement of `tx` in the same
 * round trip (once it has arrived, the caller sends that next statement). `settled` is the held statement's answer:
 * it settles with the next statement's query, so it must not be awaited before that one is sent. A transaction
 * that is not its own (a request's unit of work, a savepoint) sends it alone, in the same order.
 */
export async function sendWithNextStatement<T>(
  tx: object,
  statement: () => Promise<T>,
): Promise<{ settled: Promise<T> }> {
  const pipelining = pipelines.get(tx);
  let sent = false;
  const arrived = pipelining?.holdNextForNextStatement().then(() => (sent = true));
  const settled = Promise.resolve(statement());
  settled.catch(noop); // the caller reads it once the next statement is sent
  await Promise.race([arrived, settled.then(noop, noop)]);
  // `statement` settled without a query (it had nothing to write, or failed first): nothing waits to be held.
  if (!sent) pipelining?.cancelHoldNext();
  return { settled };
}

/** What a pipelined transaction's work may ask of it besides the drizzle transaction. */
export interface PipelinedTransaction {
  tx: Transaction;
  /** Sends the next statement with the COMMIT (one round trip less); it is dropped if the transaction rolls back. */
  sendNextWithCommit(): void;
  /**
   * Sends the next statement with the one after it (one round trip less); its promise settles with that
   * query, so it must not be awaited before the next statement is sent (or `flush`). Resolves once the next
   * statement has arrived.
   */
  sendNextWithFollowing(): Promise<void>;
  /** Sends what is held back now. */
  flush(): Promise<void>;
  /** Lets `commitWithNextStatement(tx)` commit this transaction early (see there). */
  allowEarlyCommit(): void;
}

/** The parts of drizzle's database a session is made of (its SQL dialect, the schema, the options). */
interface DatabaseInternals {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  _: { schema: ConstructorParameters<typeof NodePgSession>[2]; session: { options: object } };
}

/**
 * Runs `work` in a transaction on a client of the pool of `db`, as `db.transaction()` does (savepoints
 * for nested ones, rollback on error), with `BEGIN` sent together with the first statement (see
 * `PipeliningClient`).
 */
export async function runPipelined<T>(
  db: Database,
  work: (transaction: PipelinedTransaction) => Promise<T>,
): Promise<T> {
  const pool = (db as unknown as { $client: Pool }).$client;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const pipelining = new PipeliningClient(client, !transactionPooled.has(pool));
    const { dialect, _: internals } = db as unknown as DatabaseInternals;
    const session = new NodePgSession(
      pipelining as unknown as PoolClient,
      dialect,
      internals.schema,
      internals.session.options,
    );
    return await session.transaction((tx) =>
      work({
        tx: tx as unknown as Transaction,
        sendNextWithCommit: () => pipelining.holdNextUntilCommit(),
        sendNextWithFollowing: () => pipelining.holdNextForNextStatement(),
        flush: () => pipelining.flush(),
        allowEarlyCommit: () => pipelines.set(tx, pipelining),
      }),
    );
  } catch (error) {
    // A connection lost mid-transaction is not handed back to the pool.
    if (/Connection terminated|terminating connection/i.test(String((error as Error)?.message)))
      broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}
