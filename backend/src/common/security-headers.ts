import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The API's security headers (helmet's defaults). The CSP allows no inline script or style anywhere on the
 * API's paths: the SPAs' sessions share this origin, so a page of it running injected script could use them.
 * Swagger UI's page loads its scripts from files; its few inline styles are allowed by hash (docsCsp).
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'validator.swagger.io'],
      scriptSrc: ["'self'"],
      // The demo runs on plain http://localhost: do not ask browsers to upgrade to https.
      upgradeInsecureRequests: null,
    },
  },
};

/** The headers helmet sets for `options`, computed once: none of them depends on the request. */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => undefined);
  return headers;
}

/**
 * helmet's headers on every answer (routes, 404s, errors), from an onRequest hook. @fastify/helmet built
 * them again for each request (helmet's CSP parsing was 6 % of the API's CPU in the CPU profile).
 */
export function installSecurityHeaders(
  fastify: FastifyInstance,
  options: HelmetOptions = HELMET_OPTIONS,
): void {
  const headers = helmetHeaders(options);
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The policy of a Swagger UI page: the API's, with the page's own inline `<style>` blocks and `style`
 * attributes allowed by their hashes (not 'unsafe-inline'); scripts only from the API's files.
 */
export function docsCsp(html: string, base: string): string {
  const blocks = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1]));
  const attributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => sha256(m[1]));
  const styles = [...new Set([...blocks, ...attributes])];
  return base.replace(
    /style-src [^;]*/,
    `style-src 'self' ${styles.join(' ')}${attributes.length ? " 'unsafe-hashes'" : ''}`,
  );
}

/** Swagger UI's HTML answers (under `prefix`) get their own policy, computed from the page served. */
export function installDocsCsp(fastify: FastifyInstance, prefix: string): void {
  const base = helmetHeaders()['content-security-policy'] ?? '';
  const cache = new Map<string, string>();
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (request.url.startsWith(prefix) && type.startsWith('text/html') && typeof payload === 'string') {
      let policy = cache.get(payload);
      if (!policy) {
        policy = docsCsp(payload, base);
        cache.set(payload, policy);
      }
      void reply.header('content-security-policy', policy);
    }
    done(null, payload);
  });
}
