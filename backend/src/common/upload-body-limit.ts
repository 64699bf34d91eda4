import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

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
