import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { DomainError } from './domain-error';

/**
 * Request body limit of the upload routes. The API's global limit is 1 MiB (bootstrap.ts), too
 * small for a 5 MB image sent as base64 (about 6.7 MB). 10 MiB lets anything up to ~7.5 MB of
 * image reach the service, which answers the French 400 IMAGE_TOO_LARGE; beyond that Fastify
 * stops reading and answers 413 PAYLOAD_TOO_LARGE without buffering the rest.
 */
export const UPLOAD_BODY_LIMIT = 10 * 1024 * 1024;

const CONFIG_KEY = 'uploadBodyLimit';

/** Marks a route as an upload route (read by `allowUploadBodies`), with its own body limit. */
export const UploadRoute = (limit: number = UPLOAD_BODY_LIMIT) => RouteConfig({ [CONFIG_KEY]: limit });

const patched = new WeakSet<FastifyInstance>();

/**
 * Gives routes marked with `@UploadRoute()` their own body limit. Nest has no per-route body
 * limit option, but Fastify lets an `onRoute` hook change a route's options as it is
 * registered, and a route-level `bodyLimit` takes precedence over the JSON parser's. Must run
 * before Nest registers the routes (MediaModule.configure and ClientFoldersModule.configure do; it runs once).
 */
export function allowUploadBodies(fastify: FastifyInstance): void {
  if (patched.has(fastify)) return;
  patched.add(fastify);
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as Record<string, unknown> | undefined)?.[CONFIG_KEY];
    if (typeof limit === 'number') route.bodyLimit = limit;
  });
}

/** The API's body limit outside upload routes (bootstrap.ts gives it to Fastify). */
export const DEFAULT_BODY_LIMIT = 1_048_576;

/**
 * Bodies declared larger than this (the web gateway refuses them itself) are not read at all: Fastify answers 413 and closes the connection
 * (reading them would let anyone keep the API busy receiving data it will throw away).
 */
const MAX_DRAINED_BODY = UPLOAD_BODY_LIMIT;

/**
 * A body declared (Content-Length) over the route's limit is read to its end and thrown away before the
 * 413 is sent, so the answer reaches the client on a connection still open. Fastify's own refusal closes
 * the socket without reading: a client (or the web gateway's proxy) still sending the body then sees the
 * connection reset before the answer, and the gateway answered 502 instead of 413 about half of the time.
 */
export function drainOversizedBodies(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', async (request, _reply, payload) => {
    const declared = Number(request.headers['content-length']);
    const limit = request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT;
    if (!Number.isFinite(declared) || declared <= limit || declared > MAX_DRAINED_BODY) return payload;
    await new Promise<void>((resolve) => {
      payload.on('end', resolve);
      payload.on('error', () => resolve());
      payload.on('close', resolve);
      payload.resume();
    });
    throw new DomainError('PAYLOAD_TOO_LARGE', 'La requête est trop volumineuse', 413);
  });
}
