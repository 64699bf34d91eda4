import { useEffect, useRef, useState } from 'react';
import type { MapPoint } from '../../lib/map';
import { useRootData } from '../../lib/root-data';
import { LazyMap } from './LazyMap';

/**
 * The small map of an office or a practice (profile and office pages). Its block keeps its height from the
 * first paint (nothing moves when the map arrives); Leaflet is fetched once the block scrolls into view, or
 * at once when the visitor presses "Afficher la carte" (a browser without IntersectionObserver).
 */
export function PlaceMap({ point, title }: { point: MapPoint | null; title: string }) {
  const { map: settings } = useRootData();
  const block = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const element = block.current;
    if (!element || shown || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setShown(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  if (!settings || !point) return null;
  return (
    <div ref={block} className="place-map" data-nosnippet="">
      {shown ? (
        <LazyMap points={[point]} settings={settings} label={title} zoom={point.approximate ? 13 : 16} />
      ) : (
        <div className="map-view map-view--loading">
          <button type="button" className="button button--secondary" onClick={() => setShown(true)}>
            Afficher la carte
          </button>
        </div>
      )}
      {point.approximate && (
        <p className="map-note">Position approximative : le marqueur est au centre de la commune.</p>
      )}
    </div>
  );
}
