import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify `genReqId`: reuse a well-formed incoming `x-request-id`, otherwise generate a UUID.
 * Fastify hands the id to the request-logging hook (so pino-http logs it as `req.id`), and an
 * onRequest hook (see bootstrap.ts) echoes it in the response header.
 */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const candidate = Array.isArray(incoming) ? incoming[0] : incoming;
  return candidate && VALID_REQUEST_ID.test(candidate) ? candidate : randomUUID();
}

/** pino-http fallback, used only if a request reaches it without an id. */
export function pinoGenReqId(req: IncomingMessage, res: ServerResponse): string {
  const id = genReqId(req);
  if (!res.headersSent) res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

export function requestIdOf(request: FastifyRequest | undefined): string {
  return request ? String(request.id) : randomUUID();
}
