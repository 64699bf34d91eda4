/**
 * HTTP caching of the server-rendered pages (issue 18, goal 4), applied by the gateway around the React
 * Router handler:
 *  - a page whose route declares a public Cache-Control (s-maxage + stale-while-revalidate: city listings,
 *    profiles, offices) keeps it only for an anonymous request: a request that carries a cookie (the
 *    attendee's session, a consent choice) or an answer that sets one is `private, no-cache`, so a shared
 *    cache never stores a page personalised by a cookie; `Vary: Cookie` says so to caches too;
 *  - an ETag on those pages, and 304 Not Modified when a client revalidates with it. Each render carries a
 *    fresh CSP nonce, so the ETag is computed without it, and a 304 sends no new Content-Security-Policy:
 *    the browser keeps the stored page with the policy and nonce it came with.
 */
import { createHash } from 'node:crypto';

const PRIVATE = 'private, no-cache';
const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/;

/** True when If-None-Match lists `etag` (weak comparison) or is `*`. */
export function matchesIfNoneMatch(header, etag) {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return String(header)
    .split(',')
    .some((tag) => {
      const candidate = tag.trim();
      return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
    });
}

/** SHA-1 (base64url) of `body` with every occurrence of `nonce` left out, without copying the body. */
function hashWithout(body, nonce) {
  const hash = createHash('sha1');
  if (nonce) {
    const needle = Buffer.from(nonce, 'latin1');
    let from = 0;
    for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
      hash.update(body.subarray(from, at));
      from = at + needle.length;
    }
    hash.update(body.subarray(from));
  } else hash.update(body);
  return hash.digest('base64url');
}

/** Express middleware, mounted right before the React Router handler. */
export function pageCache() {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const anonymous = !req.headers.cookie;
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    /** @type {Buffer[]} */
    const chunks = [];
    // The document arrives in one piece (app/entry.server.tsx): holding it until the end costs nothing.
    res.write = (chunk, encoding, callback) => {
      if (chunk != null && chunk.length !== 0)
        chunks.push(
          Buffer.isBuffer(chunk)
            ? chunk
            : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'),
        );
      if (typeof encoding === 'function') encoding();
      else if (typeof callback === 'function') callback();
      return true;
    };
    res.end = (chunk, encoding, callback) => {
      if (typeof chunk === 'function') {
        callback = chunk;
        chunk = undefined;
      } else if (typeof encoding === 'function') {
        callback = encoding;
        encoding = undefined;
      }
      if (chunk != null && chunk.length !== 0)
        chunks.push(
          Buffer.isBuffer(chunk)
            ? chunk
            : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'),
        );
      res.write = write;
      res.end = end;
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      const cacheControl = String(res.getHeader('cache-control') ?? '');
      if (cacheControl.includes('public')) {
        res.vary('Cookie');
        if (!anonymous || res.getHeader('set-cookie')) res.setHeader('cache-control', PRIVATE);
        // An error page (unknown city, the API down) is not kept by caches.
        else if (res.statusCode >= 400) res.setHeader('cache-control', 'no-store');
        else if (res.statusCode === 200 && body.length > 0) {
          const nonce = NONCE.exec(String(res.getHeader('content-security-policy') ?? ''))?.[1];
          const etag = `W/"${hashWithout(body, nonce)}"`;
          res.setHeader('etag', etag);
          if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
            res.statusCode = 304;
            for (const header of ['content-security-policy', 'content-type', 'content-length'])
              res.removeHeader(header);
            return end(callback);
          }
        }
      }
      if (body.length > 0 && req.method !== 'HEAD') return end(body, callback);
      return end(callback);
    };
    return next();
  };
}
