import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { getSector } from '@rdv/sectors';
import { describe, expect, it } from 'vitest';
import { ProfessionalCard } from './ProfessionalCard';
import { card } from '../test-directory-fixtures';
import type { ProfessionalCard as Card } from '../lib/directory';

const FIRST = { title: 'Première consultation', paymentRule: 'at_booking', priceCents: 8000 } as const;
const FREE = { title: 'Suivi de dossier', paymentRule: 'free', priceCents: null } as const;

function renderCard(pro: Card) {
  render(
    <MemoryRouter>
      <ProfessionalCard pro={pro} sector={getSector('lawyer')} />
    </MemoryRouter>,
  );
  return screen.queryByRole('list', { name: 'Motifs de rendez-vous' });
}

describe('ProfessionalCard motives', () => {
  it('shows the price TTC of a motive paid at booking and no price for a free one', () => {
    const list = renderCard(card({ motives: [FIRST, FREE] }));
    const items = within(list!).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Première consultation80\u00a0€ TTC · payé à la réservation',
      'Suivi de dossier',
    ]);
  });

  it('writes cents the French way, prices a motive paid at the office without the online mention, lists the first three motives with how many more', () => {
    const list = renderCard(
      card({
        motives: [
          { ...FIRST, priceCents: 7250 },
          FREE,
          { ...FREE, title: 'Conseil', priceCents: 15000 },
          { ...FREE, title: 'Audience' },
          { ...FREE, title: 'Médiation' },
        ],
      }),
    );
    expect(
      within(list!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Première consultation72,50\u00a0€ TTC · payé à la réservation',
      'Suivi de dossier',
      // priced but settled at the office, as the booking dialog shows it
      'Conseil150\u00a0€ TTC',
      '+2 autres motifs',
    ]);
  });

  it('lists no motive for a professional who does not take online booking', () => {
    expect(renderCard(card({ accepts_online_booking: false, motives: [FIRST] }))).toBeNull();
    expect(screen.queryByText(/80\u00a0€/)).toBeNull();
  });
});

describe('ProfessionalCard distance', () => {
  const renderAt = (pro: Card, distanceKm: number) =>
    render(
      <MemoryRouter>
        <ProfessionalCard pro={pro} sector={getSector('lawyer')} distanceKm={distanceKm} />
      </MemoryRouter>,
    );

  it('gives the distance to the geocoded address to a tenth of a kilometre, the French way', () => {
    renderAt(card({ locationPrecision: 'address' }), 3.2);
    expect(screen.getByText('À 3,2 km : Lyon')).toBeTruthy();
    expect(screen.queryByText(/≈/)).toBeNull();
  });

  it('says "≈" before a distance measured to the commune’s centre only, and why', () => {
    renderAt(card({ locationPrecision: 'commune' }), 3.2);
    const place = screen.getByText(
      (_, element) => element?.textContent === 'À ≈ 3,2 km : Lyon' && element.tagName === 'SPAN',
    );
    expect(
      within(place).getByTitle('environ : distance mesurée depuis le centre de la commune').textContent,
    ).toBe('≈');
  });
});
