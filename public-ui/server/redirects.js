/**
 * Redirect rules of docs/product.md §2 that need no database. Pure: given the raw request
 * target (path and query as the client sent them), say what to answer. Admin-configured
 * redirects (a table edited in the admin) are looked up by the gateway afterwards, through
 * the `findConfiguredRedirect` hook of createApp().
 */

/** Languages that have a URL prefix. `fr` is the site itself, `en` is sent to `fr`. */
export const SUPPORTED_LANGUAGES = ['fr', 'en'];

/**
 * The ligature œ / Œ in its three shapes: raw character, percent-encoded UTF-8, and the
 * UTF-8 bytes read as latin-1 (what Node's HTTP parser gives for an unencoded request line).
 */
const LIGATURES = [
  [/œ|%[Cc]5%93|\u00C5\u0093/g, 'oe'],
  [/Œ|%[Cc]5%92|\u00C5\u0092/g, 'OE'],
];

const LANGUAGE_PREFIX = /^\/([a-z]{2})(\/.*)?$/;

/**
 * @param {string} target request target, e.g. `/en/avocats?page=2`
 * @returns {{ status: 301, location: string } | { status: 404 } | null}
 */
export function resolveRedirect(target) {
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt);

  let rewritten = path;
  for (const [pattern, replacement] of LIGATURES) rewritten = rewritten.replace(pattern, replacement);
  if (rewritten !== path) return { status: 301, location: rewritten + query };

  const language = LANGUAGE_PREFIX.exec(path);
  if (!language) return null;
  const [, code, rest = ''] = language;
  if (code === 'fr') {
    return { status: 301, location: (rest === '' || rest === '/' ? '/' : rest) + query };
  }
  if (code === 'en') {
    return { status: 301, location: `/fr${rest}${query}` };
  }
  return { status: 404 };
}
