/**
 * The one place that decides where a visitor goes back to after signing in (or after any step that
 * carries a "return to" value in a URL, a form field or a navigation state): the public site's
 * server-rendered pages, the professional's SPA and the administration console all call it.
 *
 * Only a path of this site is followed. Anything else gives the fallback page:
 *  - not a string, empty, or longer than MAX_RETURN_PATH_LENGTH;
 *  - not starting with exactly one `/` (`//host`, `/\host`, `https:`, `javascript:`...);
 *  - control characters, any whitespace (tab, new line, U+00A0, U+3000...), backslashes, bidi and
 *    zero-width characters, in the value or in its percent-decoded path (in the decoded query and
 *    fragment, where `%20` is ordinary, controls and bidi overrides only): browsers drop tabs and new
 *    lines from URLs and read `\` as `/`, so `/\t/evil.example` becomes `//evil.example`, and a raw
 *    new line or non-Latin-1 character in a `Location` header makes the server fail;
 *  - a value that, parsed with `URL` against the site's origin, leaves that origin.
 * The answer is re-serialised by `URL` (path, query and fragment, non-ASCII percent-encoded), so it is
 * always a valid header value.
 */
export const MAX_RETURN_PATH_LENGTH = 2048;

// Controls (C0, DEL, C1), every Unicode space and line/paragraph separator, the BOM, zero-width and
// bidi formatting characters, backslashes.
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  /[\u0000-\u001f\u007f-\u009f\s\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\\]/;

/** Checked in the percent-decoded query and fragment too, where an encoded space (`%20`) is ordinary. */
// eslint-disable-next-line no-control-regex -- idem
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** An origin no real site has: a path resolved against it stays on it, anything else does not. */
const PLACEHOLDER_ORIGIN = 'https://return-path.invalid';

export interface ReturnPathOptions {
  /** The page to go to when the value is refused (a path of this site). */
  fallback: string;
  /** The site's origin (`https://example.fr`); only used to parse, the answer is a path. */
  origin?: string;
  /** Paths that are never a destination (e.g. the sign-in page itself, to avoid a loop). */
  avoid?: readonly string[];
}

function percentDecoded(value: string): string | undefined {
  let current = value;
  // Up to three rounds: a value encoded twice (`%2509`) is as suspicious as one encoded once.
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

function startsAsLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/** `value` as a path of this site (`/a/b?c#d`), or `options.fallback`. */
export function safeReturnPath(value: unknown, options: ReturnPathOptions): string {
  const { fallback } = options;
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) {
    return fallback;
  }
  if (!startsAsLocalPath(value) || FORBIDDEN.test(value)) return fallback;
  const rawPath = value.split(/[?#]/, 1)[0];
  const decodedPath = percentDecoded(rawPath);
  const decoded = percentDecoded(value);
  if (decodedPath === undefined || decoded === undefined) return fallback;
  if (!startsAsLocalPath(decodedPath) || FORBIDDEN.test(decodedPath) || CONTROL.test(decoded))
    return fallback;
  let origin: string;
  let url: URL;
  try {
    origin = new URL(options.origin ?? PLACEHOLDER_ORIGIN).origin;
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!startsAsLocalPath(path)) return fallback;
  const avoided = (options.avoid ?? []).some(
    (page) => url.pathname === page || url.pathname.startsWith(`${page}/`),
  );
  return avoided ? fallback : path;
}
