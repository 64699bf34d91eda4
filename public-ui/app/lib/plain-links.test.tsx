import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { getSector } from '@rdv/sectors';
import { SiteShell } from '../components/SiteShell';
import { PLAIN_LINKS_AREA, plainLink } from './plain-links';

const lawyer = getSector('lawyer');

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

const removeListeners: Array<() => void> = [];
afterEach(() => removeListeners.splice(0).forEach((remove) => remove()));

/** A listing-like page whose links are plain anchors, inside the site's shell. */
function renderListing() {
  let documentLoads = 0;
  const Stub = createRoutesStub([
    {
      path: '/avocats/brest',
      Component: () => (
        <SiteShell sector={lawyer}>
          <a {...plainLink('/avocat/camille-durand?creneau=2030-01-07T09%3A00%3A00Z#prendre-rendez-vous')}>
            09:00
          </a>
          <a {...plainLink('/avocat/camille-durand')} target="_blank">
            Nouvel onglet
          </a>
          <a href="/avocat/sans-discover">Lien ordinaire</a>
          <article {...PLAIN_LINKS_AREA}>
            <a href="/avocat/camille-durand?creneau=2030-01-07T10:00:00Z#prendre-rendez-vous">10:00</a>
          </article>
          <Where />
        </SiteShell>
      ),
    },
    {
      path: '/avocat/:userUri',
      Component: () => (
        <>
          <h1>Profil</h1>
          <Where />
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={['/avocats/brest']} />);
  // A click left to the browser reaches the document not prevented: counted as a document load, then
  // prevented here so happy-dom does not try to load it.
  const countDocumentLoad = (event: MouseEvent) => {
    if (event.defaultPrevented || !(event.target as Element).closest('a')) return;
    documentLoads += 1;
    event.preventDefault();
  };
  document.addEventListener('click', countDocumentLoad);
  removeListeners.push(() => document.removeEventListener('click', countDocumentLoad));
  return { documentLoads: () => documentLoads };
}

describe('plain links inside the page', () => {
  it('a left click on a slot navigates client-side, with its query and hash', () => {
    const page = renderListing();
    fireEvent.click(screen.getByRole('link', { name: '09:00' }));
    expect(screen.getByRole('heading', { name: 'Profil' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(
      '/avocat/camille-durand?creneau=2030-01-07T09%3A00%3A00Z#prendre-rendez-vous',
    );
    expect(page.documentLoads()).toBe(0);
  });

  it('a bare link inside a card (PLAIN_LINKS_AREA) navigates client-side too', () => {
    const page = renderListing();
    fireEvent.click(screen.getByRole('link', { name: '10:00' }));
    expect(screen.getByTestId('where').textContent).toBe(
      '/avocat/camille-durand?creneau=2030-01-07T10:00:00Z#prendre-rendez-vous',
    );
    expect(page.documentLoads()).toBe(0);
  });

  it('renders the same markup as a Link: href and data-discover', () => {
    renderListing();
    const link = screen.getByRole('link', { name: '09:00' });
    expect(link.getAttribute('href')).toBe(
      '/avocat/camille-durand?creneau=2030-01-07T09%3A00%3A00Z#prendre-rendez-vous',
    );
    expect(link.getAttribute('data-discover')).toBe('true');
  });

  it('leaves modified clicks, other targets and ordinary anchors to the browser', () => {
    const page = renderListing();
    fireEvent.click(screen.getByRole('link', { name: '09:00' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: '09:00' }), { metaKey: true });
    fireEvent.click(screen.getByRole('link', { name: '09:00' }), { button: 1 });
    fireEvent.click(screen.getByRole('link', { name: 'Nouvel onglet' }));
    fireEvent.click(screen.getByRole('link', { name: 'Lien ordinaire' }));
    expect(screen.getByTestId('where').textContent).toBe('/avocats/brest');
    expect(page.documentLoads()).toBe(5);
  });
});
