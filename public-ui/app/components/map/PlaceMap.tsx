import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { hasPosition } from '../../lib/directory';
import { useMapSettings, type Place } from '../../lib/map';

// The map's chunk (Leaflet, MapPanel): fetched when the map is shown. A chunk that does not load (offline, a new
// deployment) leaves a notice in the map's place; the page never waits for it nor breaks with it.
const PlaceMapView = lazy(() =>
  import('./MapPanel').then(
    (panel) => ({ default: panel.PlaceMapView }),
    () => ({ default: MapUnavailable }),
  ),
);

/**
 * The small map of an office or a practice (profile and office pages): the first of `places` that has a position.
 * This module is itself loaded lazily by those pages (React hydrates its server-rendered placeholder once it
 * arrives): nothing of the map weighs on their first load. Its block keeps its height from the first paint
 * (nothing moves when the map arrives); Leaflet is fetched once the block scrolls into view, or at once when the
 * visitor presses "Afficher la carte" (a browser without IntersectionObserver). With a `heading` (the office page's
 * "Plan d’accès"), the map is a card section of its own: the heading is this module's too, and no heading is left
 * on the page when there is no map to show.
 */
export default function PlaceMap({
  places,
  title,
  heading,
}: {
  places: Array<Place | null | undefined | false>;
  title: string;
  heading?: string;
}) {
  const settings = useMapSettings();
  const block = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  const place = places.find((p): p is Place => !!p && hasPosition(p.item));

  useEffect(() => {
    const element = block.current;
    if (!element || shown || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setShown(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  if (!settings || !place) return null;
  const map = (
    <div ref={block} className="place-map" data-nosnippet="">
      {shown ? (
        <Suspense fallback={<p className="map-view map-view--loading">Chargement de la carte…</p>}>
          <PlaceMapView place={place} settings={settings} label={title} />
        </Suspense>
      ) : (
        <div className="map-view map-view--loading">
          <button type="button" className="button button--secondary" onClick={() => setShown(true)}>
            Afficher la carte
          </button>
        </div>
      )}
      {/* lib/map's isApproximate: only a point geocoded at its address is exact. */}
      {place.item.locationPrecision !== 'address' && (
        <p className="map-note">Position approximative : le marqueur est au centre de la commune.</p>
      )}
    </div>
  );
  if (!heading) return map;
  return (
    <section aria-labelledby="plan-title" className="card office-map">
      <h2 id="plan-title">{heading}</h2>
      {map}
    </section>
  );
}

export function MapUnavailable() {
  return (
    <p className="map-view map-view--loading" role="status">
      La carte n’a pas pu être chargée.
    </p>
  );
}
