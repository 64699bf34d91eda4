/**
 * HTTP caching of the server-rendered pages, applied by the gateway around the React
 * Router handler:
 *  - a page whose route declares a public Cache-Control (s-maxage + stale-while-revalidate: city listings,
 *    profiles, offices) keeps it only for an anonymous request: a request that carries a cookie (the
 *    attendee's session, a consent choice) or an answer that sets one is `private, no-cache`, so a shared
 *    cache never stores a page personalised by a cookie; `Vary: Cookie` says so to caches too;
 *  - an ETag on those pages, and 304 Not Modified when a client revalidates with it. Each render carries a
 *    fresh CSP nonce, so the ETag is computed without it, and a 304 sends no new Content-Security-Policy:
 *    the browser keeps the stored page with the policy and nonce it came with;
 *  - optionally (WEB_PAGE_CACHE_SECONDS, off by default), a micro-cache: such an anonymous page is rendered
 *    once per URL for that many seconds, and each hit is sent with a new nonce in place of the stored one.
 */
import { createHash, randomBytes } from 'node:crypto';

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

/** `body` with every occurrence of `from` replaced by `to` (same length: base64 of 16 bytes). */
function replaceAll(body, from, to) {
  const needle = Buffer.from(from, 'latin1');
  const parts = [];
  let start = 0;
  for (let at = body.indexOf(needle, start); at !== -1; at = body.indexOf(needle, start)) {
    parts.push(body.subarray(start, at), Buffer.from(to, 'latin1'));
    start = at + needle.length;
  }
  parts.push(body.subarray(start));
  return Buffer.concat(parts);
}

/** Headers never replayed from the micro-cache (recomputed, or belonging to one answer). */
const NOT_STORED = new Set(['content-length', 'date', 'set-cookie', 'connection', 'keep-alive']);

/**
 * Express middleware, mounted right before the React Router handler.
 * @param {{ ttlMs?: number, maxEntries?: number, now?: () => number }} [options] micro-cache (ttlMs 0: off)
 */
export function pageCache({ ttlMs = 0, maxEntries = 500, now = Date.now } = {}) {
  /** @type {Map<string, { expires: number, body: Buffer, nonce: string | undefined, headers: Record<string, any>, etag: string }>} */
  const stored = new Map();
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const anonymous = !req.headers.cookie;
    const key = req.originalUrl;
    if (ttlMs > 0 && anonymous) {
      const hit = stored.get(key);
      if (hit && hit.expires > now()) return replay(req, res, hit);
      if (hit) stored.delete(key);
    }
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
          if (ttlMs > 0) {
            const headers = {};
            for (const [name, value] of Object.entries(res.getHeaders()))
              if (!NOT_STORED.has(name)) headers[name] = value;
            if (stored.size >= maxEntries) stored.delete(stored.keys().next().value);
            stored.set(key, { expires: now() + ttlMs, body, nonce, headers, etag });
          }
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

/** Sends a micro-cached page: its headers, a new nonce in place of the stored one, or a 304. */
function replay(req, res, hit) {
  const nonce = hit.nonce ? randomBytes(16).toString('base64') : undefined;
  for (const [name, value] of Object.entries(hit.headers)) {
    res.setHeader(
      name,
      name === 'content-security-policy' && nonce ? String(value).split(hit.nonce).join(nonce) : value,
    );
  }
  res.setHeader('x-page-cache', 'hit');
  if (matchesIfNoneMatch(req.headers['if-none-match'], hit.etag)) {
    res.statusCode = 304;
    for (const header of ['content-security-policy', 'content-type']) res.removeHeader(header);
    return res.end();
  }
  const body = nonce ? replaceAll(hit.body, hit.nonce, nonce) : hit.body;
  res.statusCode = 200;
  res.setHeader('content-length', body.length);
  return res.end(req.method === 'HEAD' ? undefined : body);
}
