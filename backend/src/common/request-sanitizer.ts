import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from './domain-error';

/**
 * Input that no endpoint can store or process, refused once for the whole API before any handler runs:
 * each of these used to reach PostgreSQL or a validator and end as a 500.
 *  - NUL characters: PostgreSQL text cannot hold them (SQLSTATE 22021 / 22P05).
 *  - Lone UTF-16 surrogates (`\ud800`): not Unicode text; validator.js's email check throws on them.
 *  - JSON nested deeper than MAX_JSON_DEPTH: class-transformer and class-validator recurse on it until the
 *    stack overflows. No DTO of the API nests beyond a few levels.
 */
export const MAX_JSON_DEPTH = 32;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const invalidCharacters = () =>
  new DomainError('INVALID_CHARACTERS', 'La requête contient des caractères non autorisés', 400);
export const nestedTooDeep = () =>
  new DomainError('BODY_TOO_DEEP', 'La requête contient trop de niveaux d’imbrication', 400);

function isUnstorableText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** Throws the matching 400 when a parsed JSON value (or query / params object) holds forbidden input. */
export function assertStorable(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (isUnstorableText(value)) throw invalidCharacters();
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_JSON_DEPTH) throw nestedTooDeep();
  if (Array.isArray(value)) {
    for (const item of value) assertStorable(item, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isUnstorableText(key)) throw invalidCharacters();
    assertStorable(item, depth + 1);
  }
}

/**
 * Checks the parsed body (JSON or form), the query string and the path parameters before validation and
 * before any handler. A hook rather than a body parser: Nest registers its own parsers at init. Errors are
 * DomainErrors: the global filter answers `{ statusCode: 400, code, message }`.
 */
export function installRequestSanitizer(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done) => {
    try {
      assertStorable(request.body);
      assertStorable(request.query);
      assertStorable(request.params);
    } catch (refusal) {
      return done(refusal as Error);
    }
    done();
  });
}
