import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { getSector } from '@rdv/sectors';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ListingMap from './ListingMap';
import { ProfessionalList } from '../ProfessionalList';
import { rootData } from '../../test-support';
import { card, cards } from '../../test-directory-fixtures';
import type { ProfessionalCard } from '../../lib/directory';
import type { MapPoint } from '../../lib/map';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

// Leaflet's chunk, watched: the factory runs when (and only when) the module is first imported.
const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./LeafletMap', () => {
  loaded.count++;
  return {
    default: ({
      points,
      activeId,
      onSelect,
      label,
    }: {
      points: MapPoint[];
      activeId?: string | null;
      onSelect?: (id: string) => void;
      label: string;
    }) => (
      <div role="region" aria-label={label}>
        {points.map((point) => (
          <button
            key={point.id}
            type="button"
            title={point.label}
            aria-pressed={point.id === activeId}
            data-approximate={String(point.approximate)}
            onClick={() => onSelect?.(point.id)}
          >
            {point.rank}
          </button>
        ))}
      </div>
    ),
  };
});

const MAP = { tileUrl: 'http://127.0.0.1:4549/{z}/{x}/{y}.png', attribution: 'Simulation' };

function renderResults(items: ProfessionalCard[], withMap = true) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ ...rootData(), map: withMap ? MAP : null }),
      HydrateFallback: () => null,
      children: [
        {
          path: 'avocats/lyon',
          // The listing's block as the route renders it: the map's module first, the list beside it.
          Component: () => (
            <div className="results-map">
              <ListingMap items={items} startIndex={0} />
              <div className="results-map__list">
                <ProfessionalList
                  list={{ count: items.length, entries: items }}
                  id="cartes-resultats"
                  sector={getSector('lawyer')}
                  startIndex={0}
                />
              </div>
            </div>
          ),
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={['/avocats/lyon']} />);
}

describe('listing map', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('loads the map only when the visitor opens it, and keeps the list on the page', async () => {
    const before = loaded.count;
    renderResults(cards(3));
    const toggle = await screen.findByRole('button', { name: 'Voir la carte' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    // Rendered, hovered: still not fetched.
    fireEvent.mouseMove(screen.getAllByRole('article')[0], { clientX: 5, clientY: 5 });
    expect(loaded.count).toBe(before);
    expect(screen.queryByRole('region', { name: 'Carte des résultats' })).toBeNull();

    fireEvent.click(toggle);
    const map = await screen.findByRole('region', { name: 'Carte des résultats' });
    expect(loaded.count).toBe(before + 1);
    expect(within(map).getAllByRole('button')).toHaveLength(3);
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Masquer la carte' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('highlights the marker of the card hovered or focused, and the card of the marker chosen', async () => {
    renderResults(cards(3));
    fireEvent.click(await screen.findByRole('button', { name: 'Voir la carte' }));
    const map = await screen.findByRole('region', { name: 'Carte des résultats' });
    const marker = (name: string) => within(map).getByTitle(new RegExp(`^${name}`));

    fireEvent.mouseMove(screen.getByRole('link', { name: 'Avocat N2' }), { clientX: 10, clientY: 10 });
    expect(marker('Avocat N2').getAttribute('aria-pressed')).toBe('true');
    expect(marker('Avocat N1').getAttribute('aria-pressed')).toBe('false');
    fireEvent.focus(screen.getByRole('link', { name: 'Avocat N3' }));
    expect(marker('Avocat N3').getAttribute('aria-pressed')).toBe('true');
    expect(marker('Avocat N2').getAttribute('aria-pressed')).toBe('false');

    await act(async () => fireEvent.click(marker('Avocat N1')));
    const item = screen.getByRole('article', { name: 'Avocat N1' }).closest('li')!;
    expect(item.className).toContain('results__item--active');
    expect(document.activeElement).toBe(item);
    expect(item.scrollIntoView).toHaveBeenCalled();
    expect(screen.getByRole('article', { name: 'Avocat N2' }).closest('li')!.className).not.toContain(
      'results__item--active',
    );
    expect(marker('Avocat N1').getAttribute('aria-pressed')).toBe('true');

    // The list scrolled under a still pointer: the card passing under it does not take the highlight.
    fireEvent.mouseMove(screen.getByRole('link', { name: 'Avocat N2' }), { clientX: 10, clientY: 10 });
    expect(marker('Avocat N1').getAttribute('aria-pressed')).toBe('true');
    fireEvent.mouseMove(screen.getByRole('link', { name: 'Avocat N2' }), { clientX: 12, clientY: 10 });
    expect(marker('Avocat N2').getAttribute('aria-pressed')).toBe('true');
  });

  it('marks a point at the commune’s centre as approximate, and a geocoded address as exact', async () => {
    renderResults([
      card({ _id: 'a', userUri: 'a', last_name: 'Commune', locationPrecision: 'commune' }),
      card({ _id: 'b', userUri: 'b', last_name: 'Adresse', locationPrecision: 'address' }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Voir la carte' }));
    const map = await screen.findByRole('region', { name: 'Carte des résultats' });
    const approximate = within(map).getByTitle(
      'Marie Commune (position approximative : centre de la commune)',
    );
    expect(approximate.dataset.approximate).toBe('true');
    expect(within(map).getByTitle('Marie Adresse').dataset.approximate).toBe('false');
    expect(screen.getByText(/marqueurs en pointillés sont placés au centre de la commune/)).toBeTruthy();
  });

  it('offers no map when no result has a position, or when the site has no tile provider', async () => {
    const { unmount } = renderResults([card({ latitude: null, longitude: null })]);
    await screen.findByRole('article');
    expect(screen.queryByRole('button', { name: 'Voir la carte' })).toBeNull();
    unmount();
    renderResults(cards(2), false);
    await screen.findAllByRole('article');
    expect(screen.queryByRole('button', { name: 'Voir la carte' })).toBeNull();
  });
});
