/**
 * The gateway's and the server-rendered pages' console output, with credentials masked: both run in this
 * process and write URLs of API calls and pages when something fails, and these URLs can carry a review,
 * alert, sign-up or e-mail change link token, the private calendar feed's token, a document link or a
 * session. Same rules as the API's request log (backend/src/common/log-redaction.ts).
 */
import { formatWithOptions } from 'node:util';

export const REDACTED = '[MASQUÉ]';

const SECRET_QUERY =
  /([?&](?:token|validationToken|access_token|refresh_token|id_token|code|state|signature|secret|password|key|clientState)=)[^&#\s"'<>]*/gi;
const SECRET_PATHS = [
  [/(\/calendar-feeds\/[^/\s?#"']+\/)[^/\s?#"']+?(\.ics)/g, `$1${REDACTED}$2`],
  [/(\/folder-documents\/)[^/\s?#"']+/g, `$1${REDACTED}`],
];
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g;
const BEARER = /(\bBearer\s+)[^\s"',;]+/gi;

/** @param {string} text */
export function redactSecrets(text) {
  let out = text.replace(SECRET_QUERY, `$1${REDACTED}`);
  for (const [pattern, replacement] of SECRET_PATHS) out = out.replace(pattern, replacement);
  return out.replace(JWT, REDACTED).replace(BEARER, `$1${REDACTED}`);
}

/**
 * Rewrites what console.log / info / warn / error print: the arguments are formatted as console would,
 * then redacted.
 * @param {Console} target
 */
export function redactConsole(target = console) {
  for (const level of /** @type {const} */ (['log', 'info', 'warn', 'error', 'debug'])) {
    const original = target[level].bind(target);
    target[level] = (...args) => original(redactSecrets(formatWithOptions({ colors: false }, ...args)));
  }
}
