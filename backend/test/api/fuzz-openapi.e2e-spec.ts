import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fc from 'fast-check';
import type { Pool } from 'pg';
import request from 'supertest';
import { TestDb } from '../auth/support/fixtures';
import { createTestApp } from '../app';
import { bearer, createAttendee, createProfessional, freeSlots, poolOf } from '../support/fixtures';
import { createOwnDatabase } from '../support/own-database';

/**
 * Every operation of backend/openapi.json receives
 * mutated bodies, path ids and query values (NUL bytes, lone UTF-16 surrogates, explicit nulls, deep nesting,
 * huge / negative / fractional numbers, out-of-range dates, wrong types, huge strings, unknown fields, empty
 * or non-JSON bodies), authenticated as the kind of account the operation wants, so validation is reached.
 * Never a 5xx; every 4xx carries a message (French for validation failures); a rejected request writes
 * nothing (row count and content hash of every table, before and after).
 */

const SEED = 20_261_123;
/** Random mutations per operation, after the examples (the reported classes, every field null...). */
const RANDOM_RUNS_PER_OPERATION = 8;

type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  minLength?: number;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
};

const document = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(document.components.schemas[schema.$ref.split('/').pop()!]);
  const composed = schema.allOf ?? schema.oneOf ?? schema.anyOf;
  if (composed && composed.length > 0) return resolve(composed[0]);
  return schema;
}

const FUTURE = new Date(Date.now() + 20 * 86_400_000).toISOString();

/** Ids of the fixtures by body field name (user_id, motive_id...), so bodies refer to rows that exist. */
const knownIds = new Map<string, string>();

/** A plausible value for a schema, so that a single poisoned field is what validation has to catch. */
function plausible(schemaRef: Schema | undefined, name = '', depth = 0): unknown {
  const schema = resolve(schemaRef);
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.properties || schema.type === 'object') {
    const body: Record<string, unknown> = {};
    if (depth > 4) return body;
    for (const [key, property] of Object.entries(schema.properties ?? {}))
      body[key] = plausible(property, key, depth + 1);
    return body;
  }
  switch (schema.type) {
    case 'array':
      return depth > 4 ? [] : [plausible(schema.items, name, depth + 1)];
    case 'integer':
    case 'number':
      return /minutes/i.test(name) ? 30 : Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    default:
      if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@example.test';
      if (schema.format === 'date-time' || /start|end|date|_at$|At$/.test(name)) return FUTURE;
      if (knownIds.has(name)) return knownIds.get(name);
      if (schema.format === 'uuid' || /_id$|Id$/.test(name)) return randomUUID();
      if (/password/i.test(name)) return 'Fuzz-password-2026!';
      if (/phone|telephone/i.test(name)) return '+33612345678';
      return 'valeur';
  }
}

function nested(levels: number): unknown {
  let value: unknown = 'fond';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** The poisons of the report, and more. */
/** Each class of the report, tried on every operation before the random runs (one field each, in turn). */
const REPORTED_POISONS: unknown[] = [
  'a\u0000b',
  '\ud800',
  null,
  nested(2_500),
  2 ** 31,
  '0000-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59+14:00',
  'x'.repeat(200_000),
  // The second review's classes: null inside a list, objects posing as texts or numbers, a list where an
  // object is expected.
  [null],
  { toString: 'x' },
  [[]],
  { valueOf: 1 },
];
/** A JSON body just over the API's 1 MiB limit of the routes that are not upload routes. */
const JUST_OVER_THE_LIMIT = JSON.stringify({ a: 'x'.repeat(1_048_600) });
const REPORTED_BAD_PATHS = ['a%00b', '%ED%A0%80', 'not-a-uuid', '99999999999999999999'];
const REPORTED_BAD_QUERIES = ['\u0000', '\ud800', '99999999999999999999', '9999-12-31T23:59:59+14:00'];

const poison = fc.constantFrom<unknown>(
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  null,
  nested(2_500),
  2 ** 31,
  2 ** 53 + 1,
  -1,
  -(2 ** 31) - 1,
  1.5,
  1e308,
  '0000-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59+14:00',
  '+275760-09-13T00:00:00.000Z',
  '2026-02-30T25:61:00Z',
  'x'.repeat(200_000),
  '',
  ' ',
  [],
  [null],
  {},
  true,
  'true',
  '1e9999',
  '__proto__',
  { __proto__: { admin: true } },
);

type BodyMutation =
  | { kind: 'field'; field: number; value: unknown }
  | { kind: 'unknown-field'; value: unknown }
  | { kind: 'drop-field'; field: number }
  | { kind: 'raw'; raw: string; contentType: string };

/** One request: a body mutation (none for operations without a body), a bad path value, a bad query value. */
interface FuzzCase {
  body: BodyMutation | undefined;
  path: string | null;
  query: string | null;
}

const bodyMutation: fc.Arbitrary<BodyMutation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('field' as const), field: fc.nat(), value: poison }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unknown-field' as const), value: poison }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop-field' as const), field: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      raw: fc.constantFrom(
        '',
        'null',
        '[]',
        '"texte"',
        '{"a":',
        '{"a":"\\u0000"}',
        '{"a":"\\ud800"}',
        '[{"a":1}]',
        '['.repeat(5_000) + ']'.repeat(5_000),
        '{"a":'.repeat(3_000) + '1' + '}'.repeat(3_000),
        JUST_OVER_THE_LIMIT,
      ),
      contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
    }),
  },
);

const badPathValue = fc.constantFrom(
  'not-a-uuid',
  '%00',
  '%ED%A0%80',
  'a%00b',
  '99999999999999999999',
  '-1',
  '1.5',
  '00000000-0000-0000-0000-000000000000',
  '%2e%2e',
  'x'.repeat(3_000),
);
const badQueryValue = fc.constantFrom(
  '\u0000',
  '\ud800',
  '-1',
  '99999999999999999999',
  '1.5',
  '0000-01-01',
  '9999-12-31T23:59:59+14:00',
  '',
  'x'.repeat(10_000),
);

interface Actor {
  kind: 'anonymous' | 'admin' | 'user' | 'attendee';
  headers: Record<string, string>;
}

/** Messages class-validator writes when a DTO forgot its French `message`. */
const ENGLISH_VALIDATION = /must be|must not|should not|should be|is not|each value|property .* has failed/i;
const CONTRACT_ENGLISH = new Set(['email must be an email', 'Password are not the same']);

describe('Fuzzing every OpenAPI operation (fast-check)', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  let testDb: TestDb;
  let checksumQuery = '';
  let ownDatabase: Awaited<ReturnType<typeof createOwnDatabase>> | undefined;
  let workerDatabaseUrl: string | undefined;
  const pathValues = new Map<string, string>();
  const actors: Actor[] = [];
  const failures: string[] = [];
  let sent = 0;
  let serverErrors = 0;

  beforeAll(async () => {
    // Its own database: every write request checksums every table twice, which must cost the same whatever the
    // suites before it on this worker left in the shared copy.
    ownDatabase = await createOwnDatabase('fuzz');
    workerDatabaseUrl = process.env.DATABASE_URL;
    process.env.DATABASE_URL = ownDatabase.url;
    // Configured as production is (secrets sealed at rest): an authenticator app can be enrolled.
    app = await createTestApp({
      env: { CALENDAR_ENCRYPTION_KEYS: `fuzz:${randomBytes(32).toString('base64')}` },
    });
    pool = poolOf(app);
    testDb = new TestDb();
    const pro = await createProfessional(pool);
    const attendee = await createAttendee(pool);
    const admin = await testDb.admin(`fuzz-${randomUUID().slice(0, 8)}`);
    const [start, otherFreeStart] = await freeSlots(app, pro, 12);
    const booked = await request(app.getHttpServer())
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send({ user_id: pro.id, motive_id: pro.motiveId, mode: 'in_person', start })
      .expect(201);
    actors.push(
      { kind: 'admin', headers: bearer(admin.token) },
      { kind: 'user', headers: bearer(pro.token) },
      { kind: 'attendee', headers: bearer(attendee.token) },
      { kind: 'anonymous', headers: {} },
    );
    const values: Record<string, string> = {
      attendee_id: attendee.id,
      calendarId: pro.calendarId,
      motiveId: pro.motiveId,
      refAppointment: booked.body.refAppointment,
      id_event: booked.body.id_event,
      kind: 'user',
      userId: pro.id,
      key: 'appointment_requested',
      month: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 7),
      holidayId: randomUUID(),
      unavailabilityId: randomUUID(),
      userUri: 'camille-martin',
      teamUri: 'cabinet-martin',
      cityUri: 'paris',
      idOrSlug: 'article',
      name: 'image.webp',
    };
    for (const [name, value] of Object.entries(values)) pathValues.set(name, value);
    for (const [name, value] of Object.entries({
      user_id: pro.id,
      motive_id: pro.motiveId,
      calendar_id: pro.calendarId,
      calendarId: pro.calendarId,
      team_id: pro.teamId,
      teamId: pro.teamId,
      start: otherFreeStart,
    }))
      knownIds.set(name, value);
    pathValues.set('/users/{id}', pro.id);
    pathValues.set('/attendees/{id}', attendee.id);
    pathValues.set('/events/{id}', booked.body.id_event);
    pathValues.set('/admin/users/{id}', pro.id);
    pathValues.set('/admin/teams/{id}', pro.teamId);

    const tables = await pool.query(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    checksumQuery = tables.rows
      .map(
        ({ tablename }) =>
          `SELECT '${tablename}' AS name, count(*)::int AS n, coalesce(sum(hashtext(t::text)::bigint), 0)::text AS h FROM "${tablename}" t`,
      )
      .join(' UNION ALL ');
  }, 120_000);

  afterAll(async () => {
    await testDb?.close();
    await app?.close();
    process.env.DATABASE_URL = workerDatabaseUrl;
    await ownDatabase?.drop();
  });

  async function snapshot(): Promise<Map<string, string>> {
    const result = await pool.query(checksumQuery);
    return new Map(result.rows.map((row) => [row.name as string, `${row.n}:${row.h}`]));
  }

  function pathValue(path: string, name: string): string {
    const segment = path.match(new RegExp(`(/[a-z-]+(?:/[a-z-]+)?/\\{${name}\\})`));
    for (const key of [segment?.[1], segment?.[1].replace(/^\/[a-z-]+(?=\/[a-z-]+\/)/, '')]) {
      if (key && pathValues.has(key)) return pathValues.get(key)!;
    }
    return pathValues.get(name) ?? randomUUID();
  }

  /** The kind of account an operation is for, so that the request passes the guard and reaches validation. */
  function actorFor(path: string, operation: Operation): Actor {
    const kind: Actor['kind'] =
      !operation.security || operation.security.length === 0
        ? 'anonymous'
        : path.includes('/admin/')
          ? 'admin'
          : path.includes('/attendees/')
            ? 'attendee'
            : 'user';
    return actors.find((actor) => actor.kind === kind)!;
  }

  function plausibleBody(operation: Operation): unknown {
    const schema = operation.requestBody?.content['application/json']?.schema;
    return schema ? plausible(schema) : undefined;
  }

  function buildUrl(
    path: string,
    operation: Operation,
    overrides: { path?: string; query?: string },
  ): string {
    let url = `/api/v1${path.replace(/^\/api\/v1/, '')}`;
    const pathParameters = (operation.parameters ?? []).filter((p) => p.in === 'path');
    pathParameters.forEach((parameter, index) => {
      const value =
        overrides.path !== undefined && index === pathParameters.length - 1
          ? overrides.path
          : encodeURIComponent(pathValue(path, parameter.name));
      url = url.replace(`{${parameter.name}}`, value);
    });
    const queryParameters = (operation.parameters ?? []).filter((p) => p.in === 'query');
    if (queryParameters.length > 0 && overrides.query !== undefined) {
      const search = new URLSearchParams();
      for (const parameter of queryParameters) search.set(parameter.name, overrides.query);
      url += `?${search.toString()}`;
    }
    return url;
  }

  function send(method: string, url: string, actor: Actor, body: unknown, contentType: string) {
    sent++;
    const agent = request(app.getHttpServer());
    const verb = method as 'get' | 'post' | 'put' | 'patch' | 'delete';
    // Each request from its own client address (the test client is a trusted proxy): the per-address
    // limits (sign-ups, registration requests) must not spend other suites' budget in the same Redis.
    const clientAddress = `198.18.${(sent >> 8) & 255}.${sent & 255}`;
    const call = agent[verb](url).set(actor.headers).set('X-Forwarded-For', clientAddress).timeout(20_000);
    if (body === undefined) return call;
    const raw = typeof body === 'string' && contentType !== 'json-value' ? body : JSON.stringify(body);
    return call
      .set('Content-Type', contentType === 'json-value' ? 'application/json' : contentType)
      .send(raw);
  }

  function mutate(base: unknown, mutation: BodyMutation): { body: unknown; contentType: string } {
    if (mutation.kind === 'raw') return { body: mutation.raw, contentType: mutation.contentType };
    const body: Record<string, unknown> =
      base && typeof base === 'object' && !Array.isArray(base)
        ? { ...(base as Record<string, unknown>) }
        : {};
    const fields = Object.keys(body);
    if (mutation.kind === 'unknown-field') body[`champInconnu`] = mutation.value;
    else if (fields.length === 0)
      return { body: mutation.kind === 'field' ? mutation.value : {}, contentType: 'json-value' };
    else if (mutation.kind === 'drop-field') delete body[fields[mutation.field % fields.length]];
    else body[fields[mutation.field % fields.length]] = mutation.value;
    return { body, contentType: 'json-value' };
  }

  function fieldsOf(base: unknown): string[] {
    return base && typeof base === 'object' && !Array.isArray(base) ? Object.keys(base) : [];
  }

  const operations = Object.entries(document.paths).flatMap(([operationPath, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path: operationPath, method, operation })),
  );

  it(`never answers 5xx, always explains a 4xx, and writes nothing when it refuses (${operations.length} operations)`, async () => {
    for (const [index, { path, method, operation }] of operations.entries()) {
      const actor = actorFor(path, operation);
      const base = plausibleBody(operation);
      const hasPathParameters = (operation.parameters ?? []).some((p) => p.in === 'path');
      const hasQuery = (operation.parameters ?? []).some((p) => p.in === 'query');
      const mutationArbitrary: fc.Arbitrary<FuzzCase> = fc.record({
        body: base === undefined ? fc.constant(undefined) : bodyMutation,
        path: hasPathParameters ? fc.option(badPathValue, { freq: 4 }) : fc.constant(null),
        query: hasQuery ? fc.option(badQueryValue, { freq: 2 }) : fc.constant(null),
      });
      const examples: [FuzzCase][] = [
        ...REPORTED_POISONS.map((value, i): [FuzzCase] => [
          {
            body: base === undefined ? undefined : { kind: 'field' as const, field: i, value },
            path: hasPathParameters ? (REPORTED_BAD_PATHS[i] ?? null) : null,
            query: hasQuery ? (REPORTED_BAD_QUERIES[i] ?? null) : null,
          },
        ]),
        // Every field in turn set to null and to an object posing as a text, then a body just over the limit.
        ...fieldsOf(base).flatMap((_, field): [FuzzCase][] =>
          [null, { toString: 'x' }].map((value) => [
            { body: { kind: 'field' as const, field, value }, path: null, query: null },
          ]),
        ),
        ...(base === undefined
          ? []
          : [
              [
                {
                  body: {
                    kind: 'raw' as const,
                    raw: JUST_OVER_THE_LIMIT,
                    contentType: 'application/json',
                  },
                  path: null,
                  query: null,
                },
              ] as [FuzzCase],
            ]),
      ];
      await fc.assert(
        fc.asyncProperty(mutationArbitrary, async (mutation) => {
          const url = buildUrl(path, operation, {
            path: mutation.path ?? undefined,
            query: mutation.query ?? undefined,
          });
          const { body, contentType } = mutation.body
            ? mutate(base, mutation.body)
            : { body: undefined, contentType: 'json-value' };
          const writes = method !== 'get';
          const before = writes ? await snapshot() : undefined;
          const response = await send(method, url, actor, body, contentType);
          const label = `${method.toUpperCase()} ${path} (${actor.kind}) ${JSON.stringify(mutation).slice(0, 160)} -> ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`;
          if (response.status >= 500) {
            serverErrors++;
            failures.push(label);
            return;
          }
          if (response.status < 400) return;
          // A page meant for a browser (a mail's unsubscribe link) explains itself in its French heading.
          const page = /^text\/html/.test(String(response.headers['content-type'] ?? ''))
            ? response.text
            : undefined;
          const message = page
            ? /<html lang="fr"[\s\S]*<h1>([^<]+)<\/h1>/.exec(page)?.[1]
            : (response.body as { message?: unknown })?.message;
          if (typeof message !== 'string' || message.length === 0) {
            failures.push(`no message: ${label}`);
            return;
          }
          if (response.status === 400 && ENGLISH_VALIDATION.test(message) && !CONTRACT_ENGLISH.has(message)) {
            failures.push(`not French: ${label}`);
            return;
          }
          if (before) {
            const after = await snapshot();
            const changed = [...after].filter(([name, value]) => before.get(name) !== value).map(([n]) => n);
            if (changed.length > 0) {
              failures.push(`wrote ${changed.join(', ')}: ${label}`);
              return;
            }
          }
          return;
        }),
        {
          seed: SEED + index,
          // fast-check counts the examples in numRuns: every example, then the random runs.
          numRuns: examples.length + RANDOM_RUNS_PER_OPERATION,
          examples,
        },
      );
    }
    console.info(`fuzz: ${operations.length} operations, ${sent} requests, ${serverErrors} answered 5xx`);
    expect(failures).toEqual([]);
  }, 1_500_000);
});
