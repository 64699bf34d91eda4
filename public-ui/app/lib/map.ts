/** What the map of a page shows: its tile provider (root data) and its points. */
import { useRouteLoaderData } from 'react-router';

/** MAP_TILE_URL and MAP_ATTRIBUTION as the gateway validated them (server/map-tiles.js). */
export interface MapSettings {
  tileUrl: string;
  attribution: string;
}

/**
 * The maps' tile provider, from the root's data (RootData's `map`; null: no map is offered). Read without
 * lib/root-data, whose sector fallback would bring the sectors' code into the map's lazily loaded modules and
 * split the pages' shared chunks for them.
 */
export function useMapSettings(): MapSettings | null {
  return (useRouteLoaderData('root') as { map?: MapSettings | null } | undefined)?.map ?? null;
}

/** One marker: a professional of a listing, or the office of a profile or office page. */
export interface MapPoint {
  /** The card's id on a listing (its marker and its card are kept in sync through it). */
  id: string;
  latitude: number;
  longitude: number;
  /** The marker's title, read by screen readers and shown on hover. */
  label: string;
  /** The commune's centre, not the street address: drawn and titled as an approximate position. */
  approximate: boolean;
  /** Its number in the list (1-based), drawn on the marker. */
  rank?: number;
}

/** Anything with the directory's coordinates (cards, profile, office), with or without their precision. */
export interface Located {
  latitude?: number | null;
  longitude?: number | null;
  /** 'address' once the street address is geocoded; 'commune' (or absent) for the commune's centre. */
  locationPrecision?: string | null;
}

/** A profile's or an office's place on its page's map (PlaceMap): its point is built in the map's chunk. */
export interface Place {
  item: Located;
  id: string;
  /** The marker's title. */
  label: string;
}

/** Only a point geocoded at its address is exact: without a precision it is the commune's centre. */
export function isApproximate(item: Located): boolean {
  return item.locationPrecision !== 'address';
}

/** The item's point, or null when it has none (no commune, or a commune without coordinates). */
export function pointOf(item: Located, id: string, label: string, rank?: number): MapPoint | null {
  const { latitude, longitude } = item;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const approximate = isApproximate(item);
  return {
    id,
    latitude,
    longitude,
    label: approximate ? `${label} (position approximative : centre de la commune)` : label,
    approximate,
    rank,
  };
}

/** About 60 m of latitude: how far apart markers drawn at one approximate point are set. */
const SPREAD_STEP = 0.00055;

/**
 * Markers at the same commune's centre would stack into one that only the top card answers: the approximate
 * ones sharing a position are laid on a small spiral around it (they are approximate anyway), so each stays
 * visible, clickable and reachable from the keyboard. Exact points never move.
 */
export function spreadOverlapping(points: MapPoint[]): MapPoint[] {
  const seen = new Map<string, number>();
  return points.map((point) => {
    if (!point.approximate) return point;
    const key = `${point.latitude.toFixed(5)},${point.longitude.toFixed(5)}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    if (n === 0) return point;
    // Golden-angle spiral: even spacing whatever the count.
    const angle = n * 2.39996;
    const radius = SPREAD_STEP * Math.sqrt(n);
    const lngScale = Math.max(Math.cos((point.latitude * Math.PI) / 180), 0.01);
    return {
      ...point,
      latitude: point.latitude + radius * Math.sin(angle),
      longitude: point.longitude + (radius * Math.cos(angle)) / lngScale,
    };
  });
}

/** The id of a listing card's element (its `<li>`), which a marker scrolls to. */
export const cardElementId = (id: string) => `fiche-${id}`;
