import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from './domain-error';

/**
 * Input that no endpoint can store or process, refused once for the whole API before any handler runs:
 * each of these used to reach PostgreSQL or a validator and end as a 500.
 *  - NUL characters: PostgreSQL text cannot hold them (SQLSTATE 22021 / 22P05).
 *  - Lone UTF-16 surrogates (`\ud800`): not Unicode text; validator.js's email check throws on them.
 *  - JSON nested deeper than MAX_JSON_DEPTH: class-transformer and class-validator recurse on it until the
 *    stack overflows. No DTO of the API nests beyond a few levels.
 *  - null inside a list, and objects with a `toString` / `valueOf`... key posing as texts or numbers:
 *    neither is a value of any field, and both reached handlers (a controller whose body type is a union
 *    is not validated by the pipe; implicit conversions throw).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Keys that turn an object into something posing as a text or a number: class-transformer's implicit
 * conversions (`@Type(() => Number)`, template strings) call `toString` / `valueOf` on whatever came in
 * and throw on `{"toString":"x"}`. No body of the API has a field by these names.
 */
const OBJECT_METHOD_KEYS = new Set([
  'toString',
  'valueOf',
  'toJSON',
  'toLocaleString',
  'constructor',
  'prototype',
  '__proto__',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const invalidCharacters = () =>
  new DomainError('INVALID_CHARACTERS', 'La requête contient des caractères non autorisés', 400);
export const nullInList = () =>
  new DomainError('VALIDATION_FAILED', 'Une liste de la requête contient une valeur vide (null)', 400);
export const objectMethodKey = (key: string) =>
  new DomainError('VALIDATION_FAILED', `Champ non autorisé : ${key}`, 400);
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
    for (const item of value) {
      // No list of the API holds nulls; handlers iterate them and read fields of each item.
      if (item === null) throw nullInList();
      assertStorable(item, depth + 1);
    }
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isUnstorableText(key)) throw invalidCharacters();
    if (OBJECT_METHOD_KEYS.has(key)) throw objectMethodKey(key);
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
