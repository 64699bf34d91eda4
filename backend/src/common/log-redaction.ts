/**
 * Secrets never reach a log line: the request log, the worker's logs and every message written through
 * the application logger go through these rewrites. A log is read by more people, kept longer and
 * shipped further than the database, and each of these values is a key on its own (a private calendar
 * feed, a review or alert link, an e-mail change, a sign-up, a document download, a session).
 */
export const REDACTED = '[MASQUÉ]';

/** Query parameters whose value is a credential, whatever the route. */
const SECRET_QUERY =
  /([?&](?:token|validationToken|access_token|refresh_token|id_token|code|state|signature|secret|password|key|clientState)=)[^&#\s"'<>]*/gi;

/** Path segments that are credentials: the private calendar feed and the document download links. */
const SECRET_PATHS: [RegExp, string][] = [
  [/(\/calendar-feeds\/[^/\s?#"']+\/)[^/\s?#"']+?(\.ics)/g, `$1${REDACTED}$2`],
  [/(\/folder-documents\/)[^/\s?#"']+/g, `$1${REDACTED}`],
];

/** A JWT anywhere (header.payload.signature, base64url), and the Authorization scheme that carries it. */
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g;
const BEARER = /(\bBearer\s+)[^\s"',;]+/gi;

/** `text` with every credential it holds replaced by REDACTED. */
export function redactSecrets(text: string): string {
  let out = text.replace(SECRET_QUERY, `$1${REDACTED}`);
  for (const [pattern, replacement] of SECRET_PATHS) out = out.replace(pattern, replacement);
  return out.replace(JWT, REDACTED).replace(BEARER, `$1${REDACTED}`);
}

/** Deep copy of a log argument with every string redacted (objects up to a few levels, as loggers print). */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (value instanceof Error) {
    const copy = new Error(redactSecrets(value.message));
    copy.name = value.name;
    copy.stack = value.stack ? redactSecrets(value.stack) : undefined;
    return copy;
  }
  if (value === null || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  // Requests, replies and other class instances go to their serializers as they are (a copy would lose the
  // getters they read, e.g. a reply's statusCode); the request serializer masks the URL itself.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = redactValue(item, depth + 1);
  return copy;
}

/** Structured fields pino blanks out wherever they appear (headers, bodies logged by mistake). */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'token',
  '*.token',
  'password',
  '*.password',
  'authorization',
  '*.authorization',
];
