import { createContext, useContext } from 'react';

/**
 * The per-request nonce of the page's Content-Security-Policy. The server entry provides it;
 * in the browser it is undefined (browsers hide nonces from scripts, and hydration does not run
 * inline scripts again).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);

/**
 * What the root layout puts in its <head>'s <style>: on the server, a marker that entry.server.tsx replaces with the
 * part of the site's stylesheet the rendered page uses (lib/critical-css.server.ts). The browser bundle never
 * carries the stylesheet as a string: hydration keeps the <style> the server sent (React does not compare an
 * element's dangerouslySetInnerHTML when it hydrates).
 */
export const InlineStylesheetContext = createContext('');

/** Stands for the page's critical CSS in the rendered document until entry.server.tsx replaces it. */
export const CRITICAL_CSS_MARKER = '/*rdv:critical-css*/';

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
