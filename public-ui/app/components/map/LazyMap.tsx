import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { ComponentProps } from 'react';

/** Leaflet's chunk: fetched the first time a map is shown, never with the page. */
const LeafletMap = lazy(() => import('./LeafletMap'));

/** A map, loaded on demand; the page around it never waits for it nor breaks with it. */
export function LazyMap(props: ComponentProps<typeof LeafletMap>) {
  return (
    <MapFailure>
      <Suspense fallback={<p className="map-view map-view--loading">Chargement de la carte…</p>}>
        <LeafletMap {...props} />
      </Suspense>
    </MapFailure>
  );
}

/** A chunk that did not load (offline, a new deployment): the map says so; the list stays. */
class MapFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? (
      <p className="map-view map-view--loading" role="status">
        La carte n’a pas pu être chargée. La liste reste disponible.
      </p>
    ) : (
      this.props.children
    );
  }
}
