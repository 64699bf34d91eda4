// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

async function routeConfig(sector?: string) {
  vi.resetModules();
  if (sector) vi.stubEnv('SECTOR', sector);
  return (await import('./routes')).default;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('route table', () => {
  it('uses the lawyer route word by default', async () => {
    const paths = (await routeConfig()).map((r) => r.path);
    expect(paths).toContain('avocats');
    expect(paths).toEqual(
      expect.arrayContaining([
        'cgu',
        'cgv',
        'mentions-legales',
        'politique-de-confidentialite',
        'demande-inscription',
        'domaines-de-competences',
        '*',
      ]),
    );
  });

  it('uses the notaries route word when SECTOR=notary', async () => {
    const paths = (await routeConfig('notary')).map((r) => r.path);
    expect(paths).toContain('notaires');
    expect(paths).not.toContain('avocats');
  });

  it('has no top-level path a language prefix could reach, so /de/... falls to the 404 route', async () => {
    for (const r of await routeConfig()) {
      const first = (r.path ?? '').split('/')[0];
      expect(first).not.toMatch(/^[a-z]{2}$/);
      expect(first.startsWith(':')).toBe(false);
    }
  });
});
