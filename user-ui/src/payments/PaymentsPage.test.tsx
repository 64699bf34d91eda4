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

const ACCOUNT_ON = {
  opened: true,
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  commissionPercent: 10,
};
const FIGURES = {
  month: '2026-11',
  paymentsCents: 16000,
  refundsCents: 4000,
  commissionCents: 1600,
  netCents: 10400,
};
const PAYOUTS = {
  data: [
    { id: 'po_2', amountCents: 8000, arrivalDate: '2026-11-26T00:00:00.000Z', status: 'in_transit' },
    { id: 'po_1', amountCents: 16000, arrivalDate: '2026-11-18T00:00:00.000Z', status: 'paid' },
  ],
};
/** The account, payouts and figures routes of the page, overridable. */
const connectRoutes = (over: { account?: object; payouts?: object } = {}) => [
  { path: `${API_USER}/payments/account`, body: over.account ?? ACCOUNT_ON },
  { path: `${API_USER}/payments/payouts`, body: over.payouts ?? PAYOUTS },
  { path: `${API_USER}/payments/figures`, body: FIGURES },
];

describe('payments page /user/paiements', () => {
  it('lists each payment with its client, motive, amount and French status, and the month’s figures', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi([...signedIn(), ...connectRoutes(), { path: `${API_USER}/payments`, body: PAGE }]).fetchMock,
    );
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

    const month = (await screen.findByText('Paiements encaissés')).closest('dl')!;
    // every figure from the API (French months); the authorised card still to be charged from the list
    expect(month.textContent).toMatch(/Paiements encaissés160,00\s€/);
    expect(month.textContent).toMatch(/Remboursé40,00\s€/);
    expect(month.textContent).toMatch(/Commission de la plateforme16,00\s€/);
    expect(month.textContent).toMatch(/Net104,00\s€/);
    expect(month.textContent).toMatch(/Autorisé, à encaisser à la validation80,00\s€/);
  });

  it('is in the menu and says when there is no payment yet', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi([
        ...signedIn(),
        ...connectRoutes({ payouts: { data: [] } }),
        { path: `${API_USER}/payments`, body: { monthNetCents: 0, data: [] } },
      ]).fetchMock,
    );
    renderApp('/user/paiements');
    expect(await screen.findByText('Aucun paiement pour l’instant.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Mes paiements/ })[0]!.getAttribute('href')).toBe(
      '/user/paiements',
    );
  });

  it('lists the payouts with their date, amount and French status', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi([...signedIn(), ...connectRoutes(), { path: `${API_USER}/payments`, body: PAGE }]).fetchMock,
    );
    renderApp('/user/paiements');
    const table = await screen.findByRole('table', { name: 'Virements' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows[0]).toMatch(/26 nov\. 2026\s*80,00\s€en cours de virement/);
    expect(rows[1]).toMatch(/18 nov\. 2026\s*160,00\s€versé/);
    expect(screen.getByText(/Votre compte de paiement est actif/)).toBeTruthy();
  });

  it('states the platform commission before the professional enables payments, and starts the onboarding', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    const api = fakeApi([
      ...signedIn(),
      ...connectRoutes({
        account: {
          ...ACCOUNT_ON,
          opened: false,
          chargesEnabled: false,
          payoutsEnabled: false,
          commissionPercent: 7.5,
        },
        payouts: { data: [] },
      }),
      {
        method: 'POST',
        path: `${API_USER}/payments/account/onboarding`,
        body: { url: 'https://connect.example/onboarding/link_1' },
      },
      { path: `${API_USER}/payments`, body: { monthNetCents: 0, data: [] } },
    ]);
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp('/user/paiements');
    expect(await screen.findByText('Commission de la plateforme : 7,5 %')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Activer l’encaissement en ligne' });
    button.click();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.example/onboarding/link_1'));
    expect(api.calls.some((c) => c.method === 'POST' && c.url.includes('/payments/account/onboarding'))).toBe(
      true,
    );
  });
});
