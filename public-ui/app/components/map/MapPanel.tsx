import { Component, useCallback, useEffect, useMemo, useState, type ReactNode, type RefObject } from 'react';
import { fullName, type MapCard } from '../../lib/directory';
import {
  cardElementId,
  pointOf,
  spreadOverlapping,
  type MapPoint,
  type MapSettings,
  type Place,
} from '../../lib/map';
import LeafletMap from './LeafletMap';

/**
 * Everything a map does beyond its button: this module, Leaflet and their styles form the chunk LazyMap fetches
 * when a map is first shown, so none of it weighs on a page's first load.
 */

/** The map of a profile's or an office's place (PlaceMap shows it only when the place has a position). */
export function PlaceMapView({
  place,
  settings,
  label,
}: {
  place: Place;
  settings: MapSettings;
  label: string;
}) {
  const { item, id, label: title } = place;
  const { latitude, longitude, locationPrecision } = item;
  // By value: the page renders a new `place` each time, the map must not be rebuilt for it.
  const point = useMemo(
    () => pointOf({ latitude, longitude, locationPrecision }, id, title),
    [latitude, longitude, locationPrecision, id, title],
  );
  if (!point) return null;
  return (
    <MapFailure>
      <LeafletMap points={[point]} settings={settings} label={label} zoom={point.approximate ? 13 : 16} />
    </MapFailure>
  );
}

/**
 * A listing's map, kept in sync with the cards rendered (server-side, without any map attribute) in `list`:
 * pointing at (a moving pointer) or focusing a card highlights its marker; a marker (clicked, or Enter on it)
 * scrolls to its card, highlights it and moves the focus there. The cards are the list's `.results__item`s in
 * the order of `items` (ProfessionalList renders them so); their anchors are set here while the map is open.
 */
export function ResultsMap({
  items,
  startIndex,
  settings,
  list,
}: {
  items: MapCard[];
  startIndex: number;
  settings: MapSettings;
  list: RefObject<HTMLElement | null>;
}) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const points = useMemo(
    () =>
      spreadOverlapping(
        items
          .map((pro, i) => pointOf(pro, pro.userUri, fullName(pro), startIndex + i + 1))
          .filter((point): point is MapPoint => point !== null),
      ),
    [items, startIndex],
  );
  const approximate = points.some((point) => point.approximate);

  // The cards become the markers' targets (an anchor, focusable by script) while the map is open.
  useEffect(() => {
    const container = list.current;
    if (!container) return;
    const cards = [...container.querySelectorAll<HTMLElement>('.results__item')];
    cards.forEach((card, i) => {
      const id = items[i]?.userUri;
      if (!id) return;
      card.id = cardElementId(id);
      card.dataset.cardId = id;
      card.tabIndex = -1;
    });
    const follow = (event: Event) => {
      const card = (event.target as Element).closest?.('[data-card-id]');
      if (card) setActiveId(card.getAttribute('data-card-id'));
    };
    // Only a pointer that moves follows the cards: when a marker scrolls the list, the cards passing under a still
    // pointer (the browser's synthetic mouse events, same position) must not take the highlight from its card.
    let pointer: { x: number; y: number } | null = null;
    const followPointer = (event: MouseEvent) => {
      const was = pointer;
      pointer = { x: event.clientX, y: event.clientY };
      if (was && was.x === event.clientX && was.y === event.clientY) return;
      follow(event);
    };
    container.addEventListener('mousemove', followPointer);
    container.addEventListener('focusin', follow);
    return () => {
      container.removeEventListener('mousemove', followPointer);
      container.removeEventListener('focusin', follow);
      for (const card of cards) {
        card.removeAttribute('id');
        card.removeAttribute('data-card-id');
        card.removeAttribute('tabindex');
        card.classList.remove('results__item--active');
      }
    };
  }, [items, list]);

  useEffect(() => {
    for (const card of list.current?.querySelectorAll<HTMLElement>('[data-card-id]') ?? [])
      card.classList.toggle('results__item--active', card.dataset.cardId === activeId);
  }, [activeId, items, list]);

  const showCard = useCallback((id: string) => {
    setActiveId(id);
    const card = document.getElementById(cardElementId(id));
    if (!card) return;
    // A card of the list's second half, folded away on a phone: unfold it first (its anchor is the :target).
    const rest = card.closest<HTMLElement>('.results__rest');
    if (rest && card.getClientRects().length === 0) window.location.hash = rest.id;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    card.scrollIntoView?.({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
    card.focus({ preventScroll: true });
  }, []);

  return (
    <>
      <MapFailure>
        <LeafletMap
          points={points}
          settings={settings}
          activeId={activeId}
          onSelect={showCard}
          label="Carte des résultats"
        />
      </MapFailure>
      {approximate && (
        <p className="map-note">
          Les marqueurs en pointillés sont placés au centre de la commune : leur position est approximative.
        </p>
      )}
    </>
  );
}

/** Leaflet failing (a browser it does not support): the map says so; the page around it stays. */
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
