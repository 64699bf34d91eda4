import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { browserErrorTracking } from '../server/browser-error-tracking.js';
import { mapTiles } from '../server/map-tiles.js';
import { criticalCssFor } from './lib/critical-css.server';
import { withHydrationAfterPaint } from './lib/hydration-after-paint.server';
import {
  CRITICAL_CSS_MARKER,
  InlineStylesheetContext,
  NonceContext,
  pageContentSecurityPolicy,
} from './lib/csp';
// The site's stylesheet: each page inlines the part its markup uses (lib/critical-css.server.ts), in place of the
// marker the root layout renders in its <style>; the whole file follows without blocking the paint (root.tsx).
import appCss from './app.css?inline';

const criticalCss = criticalCssFor(appCss);

/**
 * React Router's default Node server entry, plus the page's Content-Security-Policy: a fresh nonce
 * for each response, given to every inline script React Router and the root layout render.
 *
 * The document is sent whole, in one write, once everything is rendered: the loaders have already
 * answered before rendering starts and the only suspense on the server is the map's small lazy
 * modules (their import waits once per process, then answers at once), so streaming it gained
 * nothing, while React's ~2 kB chunks cost one socket write each (a city listing is ~100 kB: the
 * socket writes were a quarter of the gateway's CPU in its profile).
 */
export const streamTimeout = 5_000;

/** The map tile provider's origin; none when MAP_TILE_URL is refused (the gateway refuses to start then). */
function tileOrigin(): string | undefined {
  try {
    return mapTiles().origin;
  } catch {
    return undefined;
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const nonce = randomBytes(16).toString('base64');
  responseHeaders.set(
    'Content-Security-Policy',
    pageContentSecurityPolicy(nonce, browserErrorTracking()?.origin, tileOrigin()),
  );

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStylesheetContext.Provider value={CRITICAL_CSS_MARKER}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineStylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              const html = finishedDocument(Buffer.concat(chunks), nonce);
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              responseHeaders.set('Content-Length', String(html.length));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell are logged by React Router; these come later.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** The rendered document as it is sent: its stylesheet's part inlined, its scripts started after the first paint. */
function finishedDocument(rendered: Buffer, nonce: string): Buffer<ArrayBuffer> {
  return Buffer.from(withHydrationAfterPaint(withCriticalCss(rendered.toString('utf8')), nonce), 'utf8');
}

/** The document with the stylesheet's part its markup uses in place of the root layout's marker. */
function withCriticalCss(html: string): string {
  const at = html.indexOf(CRITICAL_CSS_MARKER);
  if (at === -1) return html;
  return html.slice(0, at) + criticalCss(html) + html.slice(at + CRITICAL_CSS_MARKER.length);
}
