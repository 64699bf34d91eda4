import { useRouteLoaderData } from 'react-router';
import { getSector, type Sector, type SectorKey } from '@rdv/sectors';
import type { ErrorTrackingSettings } from '@rdv/api-client';
import type { FooterConfig } from './site-config';
import type { MapSettings } from './map';

/**
 * What the root loader sends to every page. It is in each page's hydration data, so it carries the sector's key
 * (its words and routes are in the browser's code already) and the footer's part of the configuration only.
 */
export interface RootLoaderData {
  sectorKey: SectorKey;
  publicUrl: string;
  /** docs/product.md §3 site configuration's footer part (contact, social links); null when the API did not answer. */
  siteConfig?: FooterConfig | null;
  /** Browser error tracking's settings (SENTRY_BROWSER_DSN), null when off. */
  errorTracking?: ErrorTrackingSettings | null;
  /** The maps' tile provider (MAP_TILE_URL, MAP_ATTRIBUTION); absent: no map is offered. */
  map?: MapSettings | null;
}

/** The root data as pages use it: the sector itself. */
export interface RootData extends Omit<RootLoaderData, 'sectorKey'> {
  sector: Sector;
}

const FALLBACK: RootData = { sector: getSector(undefined), publicUrl: 'http://localhost:3000' };

function withSector(data: RootLoaderData | undefined): RootData {
  if (!data) return FALLBACK;
  const { sectorKey, ...rest } = data;
  return { ...rest, sector: getSector(sectorKey) };
}

/** Root data from any component. Falls back to the default sector only if the root loader failed. */
export function useRootData(): RootData {
  return withSector(useRouteLoaderData('root') as RootLoaderData | undefined);
}

export function useSector(): Sector {
  return useRootData().sector;
}

/** Root data inside a `meta` function, from its `matches`. */
export function rootDataFromMatches(matches: ReadonlyArray<unknown>): RootData {
  const root = matches.find((m) => (m as { id?: string } | undefined)?.id === 'root') as
    { loaderData?: RootLoaderData; data?: RootLoaderData } | undefined;
  return withSector(root?.loaderData ?? root?.data);
}
