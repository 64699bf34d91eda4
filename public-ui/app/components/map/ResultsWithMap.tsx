import { lazy, Suspense, useId, useRef, useState, type ComponentProps } from 'react';
import { hasPosition } from '../../lib/directory';
import { useRootData } from '../../lib/root-data';
import { ProfessionalList } from '../ProfessionalList';

type ListProps = ComponentProps<typeof ProfessionalList>;

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
 * A listing's results with their map. The map is closed at first and its code is not loaded: "Voir la carte"
 * opens it. It never covers the list: on a phone it is a block of its own above the list (the list follows
 * it in the page), from 1024 px it stands beside the list and stays in view while the list scrolls.
 * The marker/card sync is the map's own code (MapPanel's ResultsMap), loaded with it: the page's first load
 * carries the button and the frame only.
 */
export function ResultsWithMap(props: ListProps) {
  const { map: settings } = useRootData();
  const [open, setOpen] = useState(false);
  const mapId = useId();
  const list = useRef<HTMLDivElement>(null);

  if (!settings || !props.items.some(hasPosition)) return <ProfessionalList {...props} />;
  return (
    <div className={`results-map${open ? ' results-map--open' : ''}`}>
      <p className="results-map__toggle">
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
            <ResultsMap
              items={props.items}
              startIndex={props.startIndex ?? 0}
              settings={settings}
              list={list}
            />
          </Suspense>
        )}
      </div>
      <div ref={list} className="results-map__list">
        <ProfessionalList {...props} />
      </div>
    </div>
  );
}
