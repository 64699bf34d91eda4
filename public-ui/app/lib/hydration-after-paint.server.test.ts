import { afterEach, describe, expect, it, vi } from 'vitest';
import { withHydrationAfterPaint } from './hydration-after-paint.server';

const NONCE = 'bm9uY2U+/w==';
// What React Router's <Scripts> writes (7.x): the preloads in the head, the bootstrap at the end of the body. The
// bootstrap's text holds what a careless rewrite would break: a closing tag in a string and `$&`.
const bootstrap = `import * as route0 from "/assets/root-A.js";
window.__reactRouterManifest = {"note":"</script><b>$& $1"};
import("/assets/entry.client-B.js");`;
const page = `<html><head><link rel="modulepreload" href="/assets/entry.client-B.js" nonce="${NONCE}"/><link rel="modulepreload" href="/assets/framework-C.js" nonce="${NONCE}"/><style>p{}</style></head><body><p>Avocats à Paris</p><script nonce="${NONCE}">window.__reactRouterContext={}</script><script nonce="${NONCE}" type="module" async="">${bootstrap.replace('</script>', '<\\/script>')}</script></body></html>`;

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('a page whose scripts start after its first paint', () => {
  it('has no module request the parser would start: no preload link, no module script', () => {
    const html = withHydrationAfterPaint(page, NONCE);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<p>Avocats à Paris</p>');
    // The context script stays where it was, before the loader.
    expect(html.indexOf('window.__reactRouterContext')).toBeLessThan(html.indexOf('requestAnimationFrame'));
  });

  it('two frames later, preloads the same modules and runs the same bootstrap under the page’s nonce', () => {
    const html = withHydrationAfterPaint(page, NONCE);
    const loader = /<script nonce="[^"]+">(requestAnimationFrame[\s\S]*?)<\/script>/.exec(html)![1]!;
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    new Function(loader)();
    // Nothing before the first frame is painted.
    expect(document.querySelectorAll('link, script')).toHaveLength(0);
    frames.shift()!(0);
    expect(document.querySelectorAll('link, script')).toHaveLength(0);
    frames.shift()!(16);
    expect(
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
    ).toEqual(['/assets/entry.client-B.js', '/assets/framework-C.js']);
    const script = document.body.querySelector('script')!;
    expect(script.type).toBe('module');
    expect(script.nonce).toBe(NONCE);
    expect(script.textContent).toBe(bootstrap.replace('</script>', '<\\/script>'));
  });

  it('leaves a page without React Router’s bootstrap as it is', () => {
    const plain = '<html><head></head><body><p>Erreur</p></body></html>';
    expect(withHydrationAfterPaint(plain, NONCE)).toBe(plain);
  });
});
