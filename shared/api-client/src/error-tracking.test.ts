import type { BrowserOptions, ErrorEvent } from '@sentry/browser';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_TRACKING_META, startBrowserErrorTracking } from './index.js';

/** A page whose head holds (or not) the gateway's tag. */
const page = (content: string | null) =>
  ({
    querySelector: (selector: string) =>
      selector === `meta[name="${ERROR_TRACKING_META}"]` && content !== null
        ? { getAttribute: (name: string) => (name === 'content' ? content : null) }
        : null,
  }) as unknown as Document;

function fakeSdk() {
  const init = vi.fn<(options: BrowserOptions) => void>();
  const load = vi.fn(async () => ({ init, captureException: vi.fn() }) as never);
  return { init, load };
}

describe('error tracking in the browser', () => {
  it('loads nothing when the page carries no settings (tracking off, the default)', async () => {
    const { load } = fakeSdk();
    await expect(startBrowserErrorTracking('public', load, page(null))).resolves.toBe(false);
    await expect(startBrowserErrorTracking('public', load, page('not json'))).resolves.toBe(false);
    await expect(startBrowserErrorTracking('public', load, page('{"dsn":""}'))).resolves.toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('starts with the gateway’s settings, tagged with the app, and scrubs what would leave', async () => {
    const { init, load } = fakeSdk();
    const settings = { dsn: 'https://key@errors.example.fr/4', environment: 'production', release: 'v1' };
    await expect(startBrowserErrorTracking('user', load, page(JSON.stringify(settings)))).resolves.toBe(true);
    const options = init.mock.calls[0]![0];
    expect(options).toMatchObject({
      ...settings,
      initialScope: { tags: { app: 'user' } },
      dataCollection: { userInfo: false, cookies: false, urlQueryParams: false },
    });
    const event = options.beforeSend!(
      {
        type: undefined,
        user: { email: 'camille@example.fr' },
        extra: { form: 'secret' },
        request: { url: 'https://www.example.fr/avis?token=abc123', headers: { cookie: 'rdv=1' } },
        message: 'Échec pour camille.durand@example.fr au 06 12 34 56 78',
        exception: {
          values: [
            { value: 'Bearer eyJhbGciOi.x.y refusé', stacktrace: { frames: [{ vars: { password: 'x' } }] } },
          ],
        },
        breadcrumbs: [{ message: 'GET /confirmer?token=zzz', data: { url: '/confirmer?token=zzz' } }],
      } as ErrorEvent,
      {},
    ) as ErrorEvent;
    const sent = JSON.stringify(event);
    for (const secret of ['camille', '06 12', 'abc123', 'eyJhbGciOi', 'zzz', 'password', 'cookie', 'secret'])
      expect(sent).not.toContain(secret);
    expect(event.request).toEqual({ url: 'https://www.example.fr/avis' });
    expect(event.message).toBe('Échec pour [email] au [phone]');
    // What a person typed into a field never becomes a breadcrumb.
    expect(options.beforeBreadcrumb!({ category: 'ui.input', message: 'input[name=email]' }, {})).toBeNull();
  });
});
