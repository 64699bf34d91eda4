import { useRouteLoaderData } from 'react-router';
import { getSector, type Sector } from '@rdv/sectors';
import type { ErrorTrackingSettings } from '@rdv/api-client';
import type { SiteConfig } from './site-config';
import type { MapSettings } from './map';

/** What the root loader sends to every page. */
export interface RootData {
  sector: Sector;
  publicUrl: string;
  /** docs/product.md §3 site configuration (contact, social links, flags); null when the API did not answer. */
  siteConfig?: SiteConfig | null;
  /** Browser error tracking's settings (SENTRY_BROWSER_DSN), null when off. */
  errorTracking?: ErrorTrackingSettings | null;
  /** The maps' tile provider (MAP_TILE_URL, MAP_ATTRIBUTION); absent: no map is offered. */
  map?: MapSettings | null;
}

/** Root data from any component. Falls back to the default sector only if the root loader failed. */
export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  return data ?? { sector: getSector(undefined), publicUrl: 'http://localhost:3000' };
}

export function useSector(): Sector {
  return useRootData().sector;
}

/** Root data inside a `meta` function, from its `matches`. */
export function rootDataFromMatches(matches: ReadonlyArray<unknown>): RootData {
  const root = matches.find((m) => (m as { id?: string } | undefined)?.id === 'root') as
    { loaderData?: RootData; data?: RootData } | undefined;
  return (
    root?.loaderData ?? root?.data ?? { sector: getSector(undefined), publicUrl: 'http://localhost:3000' }
  );
}
