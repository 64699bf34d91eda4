import { Body, Controller, Param, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsString, MaxLength } from 'class-validator';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import request from 'supertest';
import { ConflictError, TransientConflictError } from '../../src/common/domain-error';
import { Transactions } from '../../src/database';
import { Idempotent, IdempotencyModule } from '../../src/modules/idempotency';
import { createTestApp } from '../app';
import { poolOf } from '../support/fixtures';

class NoteDto {
  @IsString()
  @MaxLength(40)
  note: string;
}

/** How many times each probe handler really ran (a replay must not run it). */
const runs = new Map<string, number>();

/**
 * A handler that writes a row through `Transactions.run` (as services do), then answers according to `mode`:
 * the interceptor must record the answer with the row, or roll both back.
 */
@Controller('idempotency-probe')
class ProbeController {
  constructor(private readonly transactions: Transactions) {}

  @Post(':mode')
  @Idempotent('probe')
  async write(@Param('mode') mode: string, @Body() body: NoteDto) {
    runs.set(body.note, (runs.get(body.note) ?? 0) + 1);
    const id = await this.transactions.run(async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(
        sql`INSERT INTO idempotency_probe (note) VALUES (${body.note}) RETURNING id`,
      );
      // Keeps the transaction open a moment, so concurrent requests with the same key overlap it.
      if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 150));
      return rows[0].id;
    });
    if (mode === 'refuse') throw new ConflictError('PROBE_REFUSED', 'Refusé par la sonde');
    if (mode === 'busy') throw new TransientConflictError('PROBE_BUSY', 'Sonde occupée, réessayez');
    if (mode === 'crash') throw new Error('probe crashed after writing');
    return { id, note: body.note };
  }
}

describe('Idempotency-Key interceptor (@Idempotent)', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  const http = () => request(app.getHttpServer());
  const post = (mode: string, note: string, key?: string) => {
    const call = http().post(`/api/v1/idempotency-probe/${mode}`).send({ note });
    return key === undefined ? call : call.set('Idempotency-Key', key);
  };
  const rowsOf = async (note: string) =>
    (await pool.query('SELECT count(*)::int AS n FROM idempotency_probe WHERE note = $1', [note])).rows[0].n;
  let counter = 0;
  const fresh = (label: string) => `${label}-${Date.now()}-${++counter}`;

  beforeAll(async () => {
    app = await createTestApp({ imports: [IdempotencyModule], controllers: [ProbeController] });
    pool = poolOf(app);
    await pool.query(
      'CREATE TABLE IF NOT EXISTS idempotency_probe (id serial PRIMARY KEY, note text NOT NULL)',
    );
  });
  afterAll(() => app.close());

  it('answers a repeated key with the first answer, without running the handler again', async () => {
    const note = fresh('ok');
    const key = `k-${note}`;
    const first = await post('ok', note, key).expect(201);
    const again = await post('ok', note, key).expect(201);
    expect(again.body).toEqual(first.body);
    expect(runs.get(note)).toBe(1);
    expect(await rowsOf(note)).toBe(1);
  });

  it('answers 422 in French when the key served another request, and 400 for a malformed key', async () => {
    const note = fresh('mismatch');
    const key = `k-${note}`;
    await post('ok', note, key).expect(201);
    const other = await post('ok', `${note}-b`, key).expect(422);
    expect(other.body).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Cette clé d’idempotence a déjà servi pour une autre demande',
    });
    const bad = await post('ok', note, 'short').expect(400);
    expect(bad.body.code).toBe('INVALID_IDEMPOTENCY_KEY');
    expect(await rowsOf(`${note}-b`)).toBe(0);
  });

  it('runs every request without a key', async () => {
    const note = fresh('nokey');
    await post('ok', note).expect(201);
    await post('ok', note).expect(201);
    expect(await rowsOf(note)).toBe(2);
  });

  it('replays a refusal: the handler’s writes are rolled back and the same error comes back', async () => {
    const note = fresh('refuse');
    const key = `k-${note}`;
    const first = await post('refuse', note, key).expect(409);
    expect(first.body).toEqual({ statusCode: 409, code: 'PROBE_REFUSED', message: 'Refusé par la sonde' });
    const again = await post('refuse', note, key).expect(409);
    expect(again.body).toEqual(first.body);
    expect(runs.get(note)).toBe(1);
    expect(await rowsOf(note)).toBe(0);
  });

  it('records neither the writes nor the key when the handler crashes after writing: a retry runs again', async () => {
    const note = fresh('crash');
    const key = `k-${note}`;
    await post('crash', note, key).expect(500);
    expect(await rowsOf(note)).toBe(0);
    const retried = await post('ok', note, key).expect(201);
    expect(retried.body.note).toBe(note);
    expect(await rowsOf(note)).toBe(1);
  });

  it('does not record a transient refusal (busy): the same key succeeds once the resource is free', async () => {
    const note = fresh('busy');
    const key = `k-${note}`;
    await post('busy', note, key).expect(409);
    expect(await rowsOf(note)).toBe(0);
    await post('ok', note, key).expect(201);
    expect(await rowsOf(note)).toBe(1);
  });

  it('concurrent requests with one key: the handler’s writes happen once and everyone gets the same answer', async () => {
    const note = fresh('slow');
    const key = `k-${note}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('slow', note, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await rowsOf(note)).toBe(1);
  });
});
