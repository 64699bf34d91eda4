import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { hasPosition, type MapCard } from '../../lib/directory';
import { useMapSettings } from '../../lib/map';

// The map's chunk (Leaflet, the markers, the marker/card sync: MapPanel), fetched when the visitor opens the map.
// A chunk that does not load (offline, a new deployment) leaves a notice in the map's place; the list stays.
const ResultsMap = lazy(() =>
  import('./MapPanel').then(
    (panel) => ({ default: panel.ResultsMap }),
    () => ({
      default: () => (
        <p className="map-view map-view--loading" role="status">
          La carte n’a pas pu être chargée. La liste reste disponible.
        </p>
      ),
    }),
  ),
);

/**
 * A listing's map button and map, first in the listing's `.results-map` block, before the list
 * (`.results-map__list`). This module is itself loaded lazily by the listing (React hydrates its server-rendered
 * button once it arrives): nothing of the map weighs on the page's first load. The map is closed at first and
 * its code is not loaded: "Voir la carte" opens it. It never covers the list: on a phone it is a block of its own
 * above the list, from 1024 px (the block's `results-map--open` layout) it stands beside the list and stays in
 * view while the list scrolls.
 */
export default function ListingMap({ items, startIndex }: { items: MapCard[]; startIndex: number }) {
  const settings = useMapSettings();
  const [open, setOpen] = useState(false);
  const mapId = useId();
  const toggle = useRef<HTMLParagraphElement>(null);
  // The list is the block's own markup (the route's), not this module's: the map finds it beside its button.
  const list = useMemo(
    () => ({
      get current() {
        return toggle.current?.parentElement?.querySelector<HTMLElement>('.results-map__list') ?? null;
      },
    }),
    [],
  );

  useEffect(() => {
    toggle.current?.parentElement?.classList.toggle('results-map--open', open);
  }, [open]);

  if (!settings || !items.some(hasPosition)) return null;
  return (
    <>
      <p ref={toggle} className="results-map__toggle">
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={open}
          aria-controls={mapId}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? 'Masquer la carte' : 'Voir la carte'}
        </button>
      </p>
      <div id={mapId} className="results-map__map" hidden={!open}>
        {open && (
          <Suspense fallback={<p className="map-view map-view--loading">Chargement de la carte…</p>}>
            <ResultsMap items={items} startIndex={startIndex} settings={settings} list={list} />
          </Suspense>
        )}
      </div>
    </>
  );
}
