// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { redactConsole, redactSecrets } from './log-redaction.js';

describe('gateway log redaction', () => {
  it.each([
    'http://127.0.0.1:3001/api/v1/calendar-feeds/3f1c/8d0e4b7a9c2f41d5b6a8e9f0c1d2e3f4.ics',
    '/avis?token=8d0e4b7a9c2f41d5b6a8e9f0c1d2e3f4',
    '/alertes/arreter?id=1&token=8d0e4b7a9c2f41d5b6a8e9f0c1d2e3f4#x',
    '/alertes/confirmer?token=8d0e4b7a9c2f41d5b6a8e9f0c1d2e3f4',
    '/participant/confirmer-email?token=8d0e4b7a9c2f41d5b6a8e9f0c1d2e3f4',
    '/user/inscription/42?token=8d0e4b7a9c2f41d5b6a8e9f0c1d2e3f4',
    '/api/v1/folder-documents/8d0e4b7a9c2f41d5b6a8e9f0c1d2e3f4',
    'Authorization: Bearer 8d0e4b7a9c2f41d5b6a8e9f0c1d2e3f4',
    'cookie attendee_token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.8d0e4b7a9c2f41d5b6a8e9f0c1d2e3f4',
  ])('masks the credential in %s', (line) => {
    expect(redactSecrets(line)).not.toContain('8d0e4b7a9c2f41d5b6a8e9f0c1d2e3f4');
    expect(redactSecrets(line)).toContain('[MASQUÉ]');
  });

  it('keeps URLs without credentials as they are', () => {
    expect(redactSecrets('/avocat/paris?page=2')).toBe('/avocat/paris?page=2');
  });

  it('masks what console.error prints, whatever the arguments', () => {
    const printed = [];
    const fake = {
      log: vi.fn(),
      info: vi.fn(),
      warn: vi.fn(),
      debug: vi.fn(),
      error: (line) => printed.push(line),
    };
    redactConsole(fake);
    fake.error(
      '[public-ui] %s answered %d',
      '/api/v1/x?token=abcdef123456',
      500,
      new Error('/avis?token=zzz999'),
    );
    expect(printed.join('\n')).not.toMatch(/abcdef123456|zzz999/);
  });
});
