import { useContext, useEffect } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { ERROR_TRACKING_META, reportBrowserError } from '@rdv/api-client';
import type { Route } from './+types/root';
import { currentSector, publicUrl } from './lib/config.server';
import { browserErrorTracking } from '../server/browser-error-tracking.js';
import { mapTiles } from '../server/map-tiles.js';
import { apiGetCached } from './lib/api.server';
import { footerConfig, type SiteConfig } from './lib/site-config';
import { CONSENT_DEFAULTS_SCRIPT } from './lib/consent';
import { InlineStylesheetContext, useNonce } from './lib/csp';
import appCssHref from './app.css?url';
import { isChunkLoadError, reloadForChunkError } from './lib/chunk-reload';
import { useRootData, type RootLoaderData } from './lib/root-data';
import { pageMeta } from './lib/seo';
import { SiteShell } from './components/SiteShell';
import { PrivateAreaNoindex } from './components/PrivateAreaNoindex';
import { ErrorPage, errorTitle } from './components/ErrorPage';
import { afterFirstPaint, scriptLiteral } from './lib/after-first-paint';

export async function loader(): Promise<RootLoaderData> {
  // Footer contact and social links: cached 10 s (an admin's change shows on the next pages).
  const siteConfig = await apiGetCached<SiteConfig | null>(
    'site-config',
    (api) => api.GET('/api/v1/site-config'),
    null,
    2_000,
    10_000,
  );
  const errorTracking = browserErrorTracking()?.settings ?? null;
  // The gateway refused a bad MAP_TILE_URL at boot; without it (dev server, tests) a bad one means no map.
  const map = mapSettings();
  return {
    sectorKey: currentSector().key,
    publicUrl: publicUrl(),
    siteConfig: footerConfig(siteConfig),
    errorTracking,
    map,
  };
}

function mapSettings(): RootLoaderData['map'] {
  try {
    return mapTiles().settings;
  } catch {
    return null;
  }
}

// The sector and the public URL are fixed for the life of the server; the footer's contact is read
// with the first page (the legal pages load the configuration themselves).
export function shouldRevalidate() {
  return false;
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function meta({ error, matches }: Route.MetaArgs) {
  if (error) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    return pageMeta(matches, { title: errorTitle(status), description: errorTitle(status), noindex: true });
  }
  return [];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { sector, errorTracking } = useRootData();
  const nonce = useNonce();
  // The part of the stylesheet this page uses, inlined (entry.server.tsx): no request before the first paint on a
  // slow phone. Empty in the browser, which keeps the server's <style> as it hydrates. The sector's colours as
  // `:root:root`, so the whole file, added after this <style>, does not put its defaults back.
  const criticalCss = useContext(InlineStylesheetContext);
  const themeCss = `${criticalCss}:root:root{--primary:${sector.primaryColor};--primary-dark:${sector.primaryColorDark}}`;
  return (
    <html lang="fr">
      <head>
        {/* Consent mode defaults first, before anything that could set a cookie. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CONSENT_DEFAULTS_SCRIPT }} />
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={sector.primaryColor} />
        <style dangerouslySetInnerHTML={{ __html: themeCss }} suppressHydrationWarning />
        {/* Without JavaScript: the whole stylesheet as a plain link, and the footer at once (its 3 s timer never runs). */}
        <noscript>
          <link rel="stylesheet" href={appCssHref} />
          {/* Without JavaScript: the footer at once, and no room kept for cards' slots nobody will fill in. */}
          <style>{'.site-footer[hidden]{display:block}.card-slots{display:none}'}</style>
        </noscript>
        {errorTracking ? <meta name={ERROR_TRACKING_META} content={JSON.stringify(errorTracking)} /> : null}
        <Meta />
        <PrivateAreaNoindex />
        <Links />
      </head>
      <body>
        {children}
        {/* The whole stylesheet (the other pages' rules, the states scripts add), cached a year: added by a script
            after the first paint, so it never delays it as a <link> in the <head> did (0.6-1 s on slow 4G). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: stylesheetLoader(appCssHref) }} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Adds the whole stylesheet once the first frame is painted (two animation frames): requested earlier, on a busy
 * phone it could end before the first paint and count as blocking it. The page's scripts start at the same moment
 * (lib/hydration-after-paint.server.ts) and weigh far more, so it still arrives before any script could need it
 * (the page's own rules are inline).
 */
function stylesheetLoader(href: string): string {
  return afterFirstPaint(
    `var l=document.createElement('link');l.rel='stylesheet';l.href=${scriptLiteral(href)};document.head.appendChild(l)`,
  );
}

export default function App() {
  const { sector, siteConfig } = useRootData();
  return (
    <SiteShell sector={sector} siteConfig={siteConfig}>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { sector, siteConfig } = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError();
    // A page that broke (not a 404 or another answer of the site): the error tracker hears of it when on.
    else if (!isRouteErrorResponse(error)) reportBrowserError(error);
  }, [error]);
  return (
    <SiteShell sector={sector} siteConfig={siteConfig}>
      <ErrorPage status={status} />
    </SiteShell>
  );
}
