import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

/**
 * React Router's package exports only its development build (dist/development: the same code with its
 * development warnings switched on), whatever NODE_ENV says. The browser bundle takes the production
 * build instead: smaller, and no warning code shipped to phones. The server keeps the package as
 * exported (external, one copy shared with @react-router/express; the two builds differ by that flag only).
 */
function reactRouterProductionBuild(): Plugin {
  const entries: Record<string, string> = {
    'react-router': path.join(reactRouterDir, 'dist/production/index.mjs'),
    'react-router/dom': path.join(reactRouterDir, 'dist/production/dom-export.mjs'),
  };
  return {
    name: 'rdv:react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (source) => entries[source],
  };
}

/**
 * The map's modules (components/map's ListingMap and PlaceMap) are imported lazily by pages that already load
 * everything those modules import: their preload list would only repeat the page's own files, in the page's
 * first-load JavaScript. Every other lazy import keeps Vite's list (the booking dialog's styles and chunks).
 */
const MAP_ISLAND = /\/(ListingMap|PlaceMap)-[\w-]+\.js$/;

/**
 * The site's modules that pages share: app/lib, app/components and the shared packages, but not what loads on
 * use only (the booking dialog, the map, the attendee forms), which would then land in every first load.
 */
const SHARED_SITE_MODULE =
  /[\\/](public-ui[\\/]app[\\/](lib|components)|shared[\\/](sectors|api-client)[\\/]dist)[\\/](?!(booking|map|attendee)[\\/])/;

export default defineConfig({
  plugins: [reactRouterProductionBuild(), reactRouter()],
  build: {
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            // React, React DOM and React Router: one file every page needs, cached across deployments of our code.
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            // Our own modules that several pages share (the cards, the page frame, the sectors' words): one file
            // instead of a dozen small ones, each its own modulepreload link and manifest entry in every page.
            {
              name: 'site',
              test: SHARED_SITE_MODULE,
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
    modulePreload: {
      resolveDependencies: (filename, deps) => (MAP_ISLAND.test(`/${filename}`) ? [] : deps),
    },
  },
});
