import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSector } from '@rdv/sectors';
import { ProfessionalCard } from './ProfessionalCard';
import { askServerCardSlotsEarly, CardSlots } from './CardSlots';
import { card, slotsApi } from '../test-directory-fixtures';
import { listingCard } from '../lib/directory';

const marie = card({ _id: 'id-marie', userUri: 'marie-martin', first_name: 'Marie', last_name: 'Martin' });
const paul = card({
  _id: 'id-paul',
  userUri: 'paul-roux',
  first_name: 'Paul',
  last_name: 'Roux',
  nextSlots: [],
});

const cards = (
  <div id="cartes">
    {[marie, paul].map((pro) => (
      <ProfessionalCard key={pro.userUri} pro={listingCard(pro)} sector={getSector('lawyer')} />
    ))}
  </div>
);

function renderCards() {
  return render(
    <>
      {cards}
      <CardSlots within="cartes" cardsKey="server" />
    </>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the slots of listed cards', () => {
  it('are asked once for the whole list, then shown in each card, linked to its profile with the slot chosen', async () => {
    const fetchMock = vi.fn(slotsApi([marie, paul]));
    vi.stubGlobal('fetch', fetchMock);
    renderCards();
    const first = within(screen.getByRole('article', { name: 'Marie Martin' }));
    const slot = await first.findByRole('link', { name: 'Réserver le mar. 24 nov. à 09:00' });
    expect(slot.getAttribute('href')).toBe(
      '/avocat/marie-martin?creneau=2026-11-24T09:00:00%2B01:00#prendre-rendez-vous',
    );
    expect(first.getAllByRole('link', { name: /^Réserver le/ })).toHaveLength(2);
    // Nothing free soon: said so, with the way to the profile's calendar.
    const second = within(screen.getByRole('article', { name: 'Paul Roux' }));
    expect(await second.findByText(/Pas de créneau libre dans les prochains jours/)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const asked = new URL(
      String(
        fetchMock.mock.calls[0][0] instanceof Request
          ? fetchMock.mock.calls[0][0].url
          : fetchMock.mock.calls[0][0],
      ),
    );
    expect(asked.searchParams.getAll('userIds')).toEqual(['id-marie', 'id-paul']);
  });

  it('leave a link to the profile’s booking section when the API cannot answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"indisponible"}', { status: 503 })),
    );
    renderCards();
    const links = await screen.findAllByRole('link', { name: 'Voir les disponibilités' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/avocat/marie-martin#prendre-rendez-vous',
      '/avocat/paul-roux#prendre-rendez-vous',
    ]);
    expect(screen.queryByRole('link', { name: /^Réserver le/ })).toBeNull();
  });

  it('asked as the page starts, before hydration, arrive in the cards without a second request; shown again later, they are asked afresh', async () => {
    const fetchMock = vi.fn(slotsApi([marie, paul]));
    vi.stubGlobal('fetch', fetchMock);
    // The server's cards are in the page before React takes it over.
    const page = render(cards);
    askServerCardSlotsEarly();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    page.rerender(
      <>
        {cards}
        <CardSlots within="cartes" cardsKey="server" />
      </>,
    );
    const first = within(screen.getByRole('article', { name: 'Marie Martin' }));
    expect(await first.findAllByRole('link', { name: /^Réserver le/ })).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    page.unmount();

    // The same list shown again (a navigation back): the early answer was used up, the slots are asked again.
    renderCards();
    const again = within(screen.getByRole('article', { name: 'Marie Martin' }));
    expect(await again.findAllByRole('link', { name: /^Réserver le/ })).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
