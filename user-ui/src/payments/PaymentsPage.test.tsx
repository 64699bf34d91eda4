import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeApi, renderApp } from '../test/render';
import { API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const now = new Date().toISOString();
const lastYear = new Date(Date.now() - 400 * 86_400_000).toISOString();

const payment = (n: number, over: Record<string, unknown>) => ({
  appointmentId: `00000000-0000-4000-8000-00000000000${n}`,
  refAppointment: `REF${n}`,
  title: 'Première consultation',
  client: 'Jean Dupont',
  start: '2026-11-24T09:00:00.000Z',
  status: 'captured',
  amountCents: 8000,
  refundedCents: 0,
  legalAid: false,
  capturedAt: now,
  refundedAt: null,
  createdAt: now,
  ...over,
});

const PAGE = {
  monthNetCents: 12000,
  data: [
    payment(1, {}),
    payment(2, { client: 'Léa Bernard', status: 'authorized', capturedAt: null }),
    payment(3, { status: 'partially_refunded', refundedCents: 4000, refundedAt: now }),
    payment(4, { status: 'refunded', refundedCents: 8000, refundedAt: lastYear, capturedAt: lastYear }),
    payment(5, { status: 'expired', capturedAt: null }),
    payment(6, { status: 'legal_aid', capturedAt: null, legalAid: true, client: null }),
  ],
};

describe('payments page /user/paiements', () => {
  it('lists each payment with its client, motive, amount and French status, and the month’s figures', async () => {
    vi.stubGlobal('fetch', fakeApi([...signedIn(), { path: `${API_USER}/payments`, body: PAGE }]).fetchMock);
    renderApp('/user/paiements');
    const table = await screen.findByRole('table', { name: 'Paiements' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    const statuses = rows.map((row) => row.lastElementChild?.textContent);
    expect(statuses).toEqual([
      'encaissé',
      'autorisé',
      'partiellement remboursé',
      'remboursé',
      'expiré',
      'aide juridictionnelle',
    ]);
    expect(within(rows[1]!).getByText('Léa Bernard')).toBeTruthy();
    expect(within(rows[0]!).getByText('Première consultation')).toBeTruthy();
    expect(rows[2]!.textContent).toMatch(/80,00\s€dont 40,00\s€ remboursés/);
    expect(rows[0]!.textContent).toMatch(/24 nov\. 2026/);
    expect(within(rows[5]!).getByText('—')).toBeTruthy();

    const month = screen.getByRole('heading', { name: 'Ce mois-ci' }).closest('div')!;
    // net from the API; refunds of this month only (not last year's); the authorised card still to be charged
    expect(month.textContent).toMatch(/Encaissé \(net des remboursements\)120,00\s€/);
    expect(month.textContent).toMatch(/Remboursé40,00\s€/);
    expect(month.textContent).toMatch(/Autorisé, à encaisser à la validation80,00\s€/);
  });

  it('is in the menu and says when there is no payment yet', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi([...signedIn(), { path: `${API_USER}/payments`, body: { monthNetCents: 0, data: [] } }])
        .fetchMock,
    );
    renderApp('/user/paiements');
    expect(await screen.findByText('Aucun paiement pour l’instant.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Mes paiements/ })[0]!.getAttribute('href')).toBe(
      '/user/paiements',
    );
  });
});
