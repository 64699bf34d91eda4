import { Writable } from 'node:stream';
import pino from 'pino';
import { requestLoggingOptions } from './logger.module';
import { redactSecrets } from './log-redaction';

const SECRET = '8d0e4b7a9c2f41d5b6a8e9f0c1d2e3f4';
const JWT = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.${SECRET}`;

/** A pino logger built from the API's and the worker's options, writing into an array. */
function capture() {
  const lines: string[] = [];
  const options = requestLoggingOptions({ LOG_LEVEL: 'info' });
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = pino(
    { level: 'info', redact: options.redact, hooks: options.hooks, serializers: options.serializers },
    destination,
  );
  return { logger, lines };
}

describe('no secrets in logs', () => {
  it.each([
    `/api/v1/calendar-feeds/3f1c2a/${SECRET}.ics`,
    `/api/v1/reviews/invitation?token=${SECRET}`,
    `/alertes/arreter?id=1&token=${SECRET}#x`,
    `/user/inscription/42?token=${SECRET}`,
    `/user/confirmer-email?token=${SECRET}`,
    `/api/v1/folder-documents/${SECRET}`,
    `/api/v1/calendar-sync/google/callback?code=${SECRET}&state=${SECRET}`,
    `Authorization: Bearer ${SECRET}`,
    `cookie: attendee_token=${JWT}`,
  ])('masks the credential in %s', (text) => {
    expect(redactSecrets(text)).not.toContain(SECRET);
  });

  it('keeps addresses without credentials as they are', () => {
    expect(redactSecrets('/api/v1/users/camille-martin/slots?from=2026-12-01')).toBe(
      '/api/v1/users/camille-martin/slots?from=2026-12-01',
    );
  });

  it('writes the request line with the URL masked and the credential headers blanked', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        req: {
          id: 'r1',
          method: 'GET',
          url: `/api/v1/calendar-feeds/3f1c2a/${SECRET}.ics`,
          headers: { authorization: `Bearer ${JWT}` },
        },
      },
      'request completed',
    );
    expect(lines.join('')).not.toContain(SECRET);
    expect(JSON.parse(lines[0]).req.url).toBe('/api/v1/calendar-feeds/3f1c2a/[MASQUÉ].ics');
  });

  it('masks credentials in any message or object the application logs (API and worker)', () => {
    const { logger, lines } = capture();
    logger.warn(`mail sent with https://rdv.example/avis?token=${SECRET}`);
    logger.info({ link: `https://rdv.example/alertes/arreter?token=${SECRET}`, token: SECRET }, 'alert');
    logger.error(new Error(`GET /api/v1/folder-documents/${SECRET} failed`));
    expect(lines).toHaveLength(3);
    expect(lines.join('')).not.toContain(SECRET);
  });
});
