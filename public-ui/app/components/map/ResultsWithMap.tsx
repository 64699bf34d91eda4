import {
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type MouseEvent,
  type SyntheticEvent,
} from 'react';
import { fullName } from '../../lib/directory';
import { cardElementId, pointOf, spreadOverlapping, type MapPoint } from '../../lib/map';
import { useRootData } from '../../lib/root-data';
import { ProfessionalList } from '../ProfessionalList';
import { LazyMap } from './LazyMap';

type ListProps = ComponentProps<typeof ProfessionalList>;

/**
 * A listing's results with their map. The map is closed at first and its code is not loaded: "Voir la carte"
 * opens it. It never covers the list: on a phone it is a block of its own above the list (the list follows
 * it in the page), from 1024 px it stands beside the list and stays in view while the list scrolls.
 * Pointing at (a moving pointer) or focusing a card highlights its marker; a marker (clicked, or Enter on it) scrolls to its card,
 * highlights it and moves the focus there.
 */
export function ResultsWithMap(props: ListProps) {
  const { map: settings } = useRootData();
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const mapId = useId();
  const startIndex = props.startIndex ?? 0;
  const points = useMemo(
    () =>
      spreadOverlapping(
        props.items
          .map((pro, i) => pointOf(pro, pro._id, fullName(pro), startIndex + i + 1))
          .filter((point): point is MapPoint => point !== null),
      ),
    [props.items, startIndex],
  );
  const approximate = points.some((point) => point.approximate);

  const follow = (event: SyntheticEvent) => {
    const card = (event.target as Element).closest?.('[data-card-id]');
    if (card) setActiveId(card.getAttribute('data-card-id'));
  };
  // Only a pointer that moves follows the cards: when a marker scrolls the list, the cards passing under a still
  // pointer (the browser's synthetic mouse events, same position) must not take the highlight from its card.
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const followPointer = (event: MouseEvent) => {
    const was = pointer.current;
    pointer.current = { x: event.clientX, y: event.clientY };
    if (was && was.x === event.clientX && was.y === event.clientY) return;
    follow(event);
  };
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

  if (!settings || points.length === 0) return <ProfessionalList {...props} />;
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
          <>
            <LazyMap
              points={points}
              settings={settings}
              activeId={activeId}
              onSelect={showCard}
              label="Carte des résultats"
            />
            {approximate && (
              <p className="map-note">
                Les marqueurs en pointillés sont placés au centre de la commune : leur position est
                approximative.
              </p>
            )}
          </>
        )}
      </div>
      <div
        className="results-map__list"
        onMouseMove={open ? followPointer : undefined}
        onFocus={open ? follow : undefined}
      >
        <ProfessionalList {...props} mapSync={open ? { activeId } : undefined} />
      </div>
    </div>
  );
}
