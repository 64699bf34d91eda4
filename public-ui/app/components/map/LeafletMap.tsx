import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './LeafletMap.css';
import type { MapPoint, MapSettings } from '../../lib/map';

/**
 * The map itself: Leaflet, its stylesheet and this module form a chunk of their own, imported by
 * LazyMap only when the visitor opens a map (never in a page's first load). Markers are Leaflet's own
 * (focusable, role "button", titled); Enter or Space on one selects it as a click does.
 */
export default function LeafletMap({
  points,
  settings,
  activeId,
  onSelect,
  label,
  zoom = 13,
}: {
  points: MapPoint[];
  settings: MapSettings;
  activeId?: string | null;
  onSelect?: (id: string) => void;
  /** The accessible name of the map region. */
  label: string;
  /** The zoom of a single point (several are fitted into view). */
  zoom?: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const markers = useRef(new Map<string, L.Marker>());
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    const element = container.current;
    if (!element || points.length === 0) return;
    const map = L.map(element, { scrollWheelZoom: false });
    // The provider's attribution is a setting: shown as text, never as markup.
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    L.tileLayer(settings.tileUrl, { attribution: escapeHtml(settings.attribution), maxZoom: 19 }).addTo(map);
    // The view first: Leaflet adds layers (and creates the markers' elements) once the map has one.
    if (points.length === 1) map.setView([points[0].latitude, points[0].longitude], zoom);
    else
      map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number])), {
        padding: [24, 24],
        maxZoom: 15,
      });
    const placed = markers.current;
    for (const point of points) {
      const marker = L.marker([point.latitude, point.longitude], {
        title: point.label,
        alt: point.label,
        icon: L.divIcon({
          className: `map-marker${point.approximate ? ' map-marker--approximate' : ''}`,
          html: point.rank === undefined ? '' : `<span aria-hidden="true">${point.rank}</span>`,
          iconSize: [28, 28],
          iconAnchor: [14, 14],
        }),
      }).addTo(map);
      marker.getElement()?.setAttribute('data-point-id', point.id);
      marker.getElement()?.setAttribute('aria-label', point.label);
      marker.on('click', () => select.current?.(point.id));
      marker.getElement()?.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        select.current?.(point.id);
      });
      placed.set(point.id, marker);
    }
    return () => {
      placed.clear();
      map.remove();
    };
  }, [points, settings, zoom]);

  useEffect(() => {
    for (const [id, marker] of markers.current) {
      const element = marker.getElement();
      element?.classList.toggle('map-marker--active', id === activeId);
      if (id === activeId) marker.setZIndexOffset(1000);
      else marker.setZIndexOffset(0);
    }
  }, [activeId, points]);

  return <div ref={container} className="map-view" role="region" aria-label={label} />;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
