import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import LeafletMap from './LeafletMap';
import type { MapPoint } from '../../lib/map';

// The real Leaflet, in happy-dom: its markers as a visitor's keyboard and screen reader meet them.
const SETTINGS = {
  tileUrl: 'http://127.0.0.1:4549/{z}/{x}/{y}.png',
  attribution: '© Fournisseur <b>test</b>',
};
const POINTS: MapPoint[] = [
  { id: 'a', latitude: 45.764, longitude: 4.8357, label: 'Marie Martin', approximate: false, rank: 1 },
  {
    id: 'b',
    latitude: 45.765,
    longitude: 4.836,
    label: 'Paul Durand (position approximative : centre de la commune)',
    approximate: true,
    rank: 2,
  },
];

describe('LeafletMap', () => {
  it('draws focusable, titled markers; Enter selects one; the active one is marked', () => {
    const onSelect = vi.fn();
    const { container, rerender } = render(
      <LeafletMap points={POINTS} settings={SETTINGS} onSelect={onSelect} label="Carte des résultats" />,
    );
    const markers = [...container.querySelectorAll<HTMLElement>('.leaflet-marker-icon')];
    expect(markers.map((m) => m.getAttribute('title'))).toEqual([POINTS[0].label, POINTS[1].label]);
    expect(markers.every((m) => m.tabIndex === 0 && m.getAttribute('role') === 'button')).toBe(true);
    expect(markers.map((m) => m.textContent)).toEqual(['1', '2']);
    expect(markers[1].classList.contains('map-marker--approximate')).toBe(true);
    expect(markers[0].classList.contains('map-marker--approximate')).toBe(false);

    fireEvent.keyDown(markers[1], { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith('b');

    rerender(
      <LeafletMap
        points={POINTS}
        settings={SETTINGS}
        onSelect={onSelect}
        activeId="a"
        label="Carte des résultats"
      />,
    );
    expect(markers[0].classList.contains('map-marker--active')).toBe(true);
    expect(markers[1].classList.contains('map-marker--active')).toBe(false);
  });

  it('credits the tile provider as plain text, never as markup', () => {
    const { container } = render(<LeafletMap points={POINTS} settings={SETTINGS} label="Carte" />);
    const attribution = container.querySelector('.leaflet-control-attribution')!;
    expect(attribution.textContent).toContain('© Fournisseur <b>test</b>');
    expect(attribution.querySelector('b')).toBeNull();
  });
});
