// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('./index.js', import.meta.url));
const start = (env) =>
  spawnSync(process.execPath, [entry], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });

describe('gateway start-up', () => {
  it('stops with one line naming SECTOR when it is not a known sector', () => {
    const run = start({ SECTOR: 'plumber' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      '[gateway] SECTOR must be one of lawyer, bailiff, notary, groomer (got "plumber")',
    );
  });

  it('stops with one line naming WEB_PAGE_CACHE_SECONDS when it is not a number of seconds', () => {
    const run = start({ SECTOR: 'lawyer', WEB_PAGE_CACHE_SECONDS: '5s' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      '[gateway] WEB_PAGE_CACHE_SECONDS must be a whole number of seconds, 0 to 999 (got "5s")',
    );
  });

  it('stops with one line naming WEB_PORT when it is not a port', () => {
    const run = start({ SECTOR: 'lawyer', WEB_PORT: 'abc' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('WEB_PORT must be a port number');
  });

  it('stops with one line naming API_URL when one of its comma-separated URLs is not a URL', () => {
    const run = start({ SECTOR: 'lawyer', API_URL: 'http://127.0.0.1:3001,127.0.0.1:3002' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      '[gateway] API_URL must be a URL or a comma-separated list of URLs (got "127.0.0.1:3002")',
    );
  });
});

describe('buildDirectoryFor', () => {
  it('keeps build/ for lawyers and gives every other sector its own directory beside it', async () => {
    const { buildDirectoryFor } = await import('./build-dir.js');
    expect(buildDirectoryFor('lawyer')).toBe('build');
    expect(buildDirectoryFor('notary')).toBe('build-notary');
    expect(buildDirectoryFor('bailiff')).toBe('build-bailiff');
    expect(buildDirectoryFor('groomer')).toBe('build-groomer');
  });
});
