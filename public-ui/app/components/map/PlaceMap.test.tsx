import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import PlaceMap from './PlaceMap';
import { rootData } from '../../test-support';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./LeafletMap', () => {
  loaded.count++;
  return { default: ({ label }: { label: string }) => <div role="region" aria-label={label} /> };
});

const PLACE = {
  item: { latitude: 45.764, longitude: 4.8357, locationPrecision: 'commune' },
  id: 't',
  label: 'Cabinet Martin',
};

function renderPlace({ heading, withMap = true }: { heading?: string; withMap?: boolean } = {}) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({
        ...rootData(),
        map: withMap ? { tileUrl: 'https://t.example/{z}/{x}/{y}.png', attribution: 'x' } : null,
      }),
      HydrateFallback: () => null,
      Component: () => (
        <>
          <h1>Cabinet Martin</h1>
          <PlaceMap places={[null, PLACE]} title="Plan : Cabinet Martin" heading={heading} />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

describe('office map of a profile or office page', () => {
  it('waits until its block scrolls into view, then loads the map', async () => {
    let seen: IntersectionObserverCallback | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          seen = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const before = loaded.count;
    renderPlace();
    await screen.findByRole('button', { name: 'Afficher la carte' });
    expect(screen.getByText(/Position approximative/)).toBeTruthy();
    expect(loaded.count).toBe(before);
    // The observer is made by an effect, which a loaded machine can run after the button shows.
    await waitFor(() => expect(seen).toBeDefined());
    seen!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(await screen.findByRole('region', { name: 'Plan : Cabinet Martin' })).toBeTruthy();
    expect(loaded.count).toBe(before + 1);
    vi.unstubAllGlobals();
  });

  it('loads it on a click where the browser cannot tell', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderPlace();
    fireEvent.click(await screen.findByRole('button', { name: 'Afficher la carte' }));
    expect(await screen.findByRole('region', { name: 'Plan : Cabinet Martin' })).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('titles the office page’s map section, and leaves no empty section when there is no map', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { unmount } = renderPlace({ heading: 'Plan d’accès' });
    expect(await screen.findByRole('region', { name: 'Plan d’accès' })).toBeTruthy();
    unmount();
    renderPlace({ heading: 'Plan d’accès', withMap: false });
    await screen.findByRole('heading', { name: 'Cabinet Martin' });
    expect(screen.queryByRole('heading', { name: 'Plan d’accès' })).toBeNull();
    vi.unstubAllGlobals();
  });
});
