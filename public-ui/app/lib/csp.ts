import { createContext, useContext } from 'react';

/**
 * The per-request nonce of the page's Content-Security-Policy. The server entry provides it;
 * in the browser it is undefined (browsers hide nonces from scripts, and hydration does not run
 * inline scripts again).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);

/**
 * The site's stylesheet, inlined in every page's <head> by the server (entry.server.tsx provides it). The browser
 * bundle never carries it: hydration keeps the <style> the server sent (React does not compare an element's
 * dangerouslySetInnerHTML when it hydrates), so the stylesheet is not shipped twice, once as CSS in the page and
 * once more as a string in the root's JavaScript (~5 KiB gzipped of every page's first load).
 */
export const InlineStylesheetContext = createContext('');

/**
 * Content-Security-Policy of the server-rendered pages: inline scripts only with this response's
 * nonce (the consent defaults, React Router's hydration data and scroll restoration), script files
 * from our origin only. Styles: the inlined stylesheet and `style` attributes need 'unsafe-inline'
 * (a nonce would disable it and style attributes cannot carry one). Images may be https (article
 * images hosted elsewhere, map tiles), and come from the map tile provider's origin when it is the
 * loopback stub over http (`tileOrigin`, MAP_TILE_URL).
 */
export function pageContentSecurityPolicy(nonce: string, errorOrigin?: string, tileOrigin?: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    tileOrigin?.startsWith('http:')
      ? `img-src 'self' data: https: ${tileOrigin}`
      : "img-src 'self' data: https:",
    "font-src 'self' data:",
    // The browser error tracker's origin when it is on (SENTRY_BROWSER_DSN).
    errorOrigin ? `connect-src 'self' ${errorOrigin}` : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
