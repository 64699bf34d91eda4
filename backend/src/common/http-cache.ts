import { createHash } from 'node:crypto';
import { Header } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

/**
 * Cache-Control of the public reads, for browsers (max-age), shared caches and CDNs
 * (s-maxage) and serving a stale copy while one request refreshes it (stale-while-revalidate). None of
 * these answers depends on who asks (no session, no address), so a shared cache may keep them.
 *
 * - `slots`: search results, profiles and offices show next free slots. Accepted staleness: 30 s fresh in a
 *   shared cache + 30 s stale while revalidating, so a slot taken by someone else can show for up to a
 *   minute. Booking checks the slot again in the same transaction that takes it (409, "ce créneau n'est
 *   plus disponible"), so a stale slot costs the visitor one click, never a double booking.
 * - `reference`: specialities and communes change with an administrator's edit: 5 min fresh in a shared
 *   cache (1 min in the browser), then served stale for up to an hour while it refreshes.
 */
export const PUBLIC_CACHE = {
  slots: 'public, max-age=0, s-maxage=30, stale-while-revalidate=30',
  reference: 'public, max-age=60, s-maxage=300, stale-while-revalidate=3600',
} as const;

/** Marks a GET route as a public read with `PUBLIC_CACHE[kind]`; the ETag hook then answers 304s for it. */
export const PublicCache = (kind: keyof typeof PUBLIC_CACHE) => Header('Cache-Control', PUBLIC_CACHE[kind]);

/** True when If-None-Match lists `etag` (weak comparison, RFC 9110 §13.1.2) or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
}

/**
 * ETag on the public reads (answers whose Cache-Control says `public`), and 304 Not Modified when the
 * client or a cache revalidates with the same one. Weak, because the gateway may compress the body.
 */
export function installETags(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const cacheControl = String(reply.getHeader('cache-control') ?? '');
    // An error of a public read (unknown city, invalid query, the database down) is not kept by caches.
    if (reply.statusCode >= 400 && cacheControl.includes('public'))
      void reply.header('cache-control', 'no-store');
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      reply.statusCode !== 200 ||
      !cacheControl.includes('public') ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload))
    ) {
      return done(null, payload);
    }
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    void reply.header('etag', etag);
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      void reply.code(304);
      void reply.removeHeader('content-length');
      return done(null, '');
    }
    return done(null, payload);
  });
}
