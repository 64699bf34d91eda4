import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp } from '../test/render';
import { API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const plan = {
  name: 'Abonnement RDV Avocat',
  introPriceHt: 6900,
  introMonths: 6,
  standardPriceHt: 13900,
  vatRate: 20,
};
const subscription = {
  status: 'active',
  priceHt: 6900,
  intro: true,
  introEndsAt: '2027-05-27T10:00:00.000Z',
  nextDebitAt: '2026-12-27T10:00:00.000Z',
  nextDebitTtc: 8280,
  currentPeriodEnd: '2026-12-27T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  paymentMethod: 'Prélèvement SEPA •••• 2606',
  failedPayments: 0,
  pastDueSince: null,
};
const invoice = {
  id: '33333333-3333-4333-8333-333333333333',
  number: 'F-000001',
  kind: 'invoice',
  issuedOn: '2026-11-27',
  periodStart: '2026-11-27',
  periodEnd: '2026-12-26',
  totalHt: 6900,
  totalVat: 1380,
  totalTtc: 8280,
};
const billing = { enabled: true, plan, subscription, suspended: false, invoices: [invoice], profile: null };

describe('Mon abonnement /user/abonnement', () => {
  it('shows the introductory phase, the next debit, the masked payment method and the invoices', async () => {
    const { fetchMock } = fakeApi([...signedIn(), { path: `${API_USER}/billing`, body: billing }]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/abonnement');
    expect(
      await screen.findByText('69,00 € HT / mois (tarif de lancement)', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('27 mai 2027')).toBeTruthy();
    expect(screen.getByText('27 décembre 2026 — 82,80 € TTC')).toBeTruthy();
    expect(screen.getByText('Prélèvement SEPA •••• 2606')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Factures' });
    expect(within(table).getByText('F-000001')).toBeTruthy();
    expect(within(table).getByText('82,80 €')).toBeTruthy();
  });

  it('cancels at the end of the paid month after confirmation, then offers to resume', async () => {
    const cancelled = {
      ...billing,
      subscription: { ...subscription, cancelAtPeriodEnd: true, nextDebitAt: null, nextDebitTtc: null },
    };
    const { fetchMock, calls } = fakeApi([
      ...signedIn(),
      { path: `${API_USER}/billing`, body: billing },
      { method: 'POST', path: `${API_USER}/billing/cancel`, body: cancelled },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/abonnement');
    await userEvent.click(await screen.findByRole('button', { name: 'Résilier' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Résilier' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/billing/cancel'))).toBe(true),
    );
    expect(await screen.findByRole('button', { name: 'Reprendre l’abonnement' })).toBeTruthy();
    expect(screen.getByText('Aucun : l’abonnement prend fin le 27 décembre 2026')).toBeTruthy();
  });

  it('offers to subscribe when there is no subscription', async () => {
    const { fetchMock } = fakeApi([
      ...signedIn(),
      { path: `${API_USER}/billing`, body: { ...billing, subscription: null, invoices: [] } },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/abonnement');
    expect(
      await screen.findByText('Vous n’avez pas d’abonnement en cours.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'S’abonner' })).toBeTruthy();
    expect(screen.getByText('Aucune facture pour l’instant.')).toBeTruthy();
  });

  it('saves the firm printed on the next invoice, refusing a SIREN whose key is wrong', async () => {
    const profile = {
      firmName: 'Cabinet Morel',
      siren: '912345675',
      street: '3 quai Saint-Antoine',
      postalCode: '69002',
      city: 'Lyon',
    };
    const { fetchMock, calls } = fakeApi([
      ...signedIn(),
      { path: `${API_USER}/billing`, body: billing },
      { method: 'PUT', path: `${API_USER}/billing/profile`, body: { ...billing, profile } },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/abonnement');
    const user = userEvent.setup();
    const form = await screen.findByRole(
      'form',
      { name: 'Informations de facturation' },
      { timeout: 10_000 },
    );
    await user.type(within(form).getByLabelText(/Raison sociale du cabinet/), 'Cabinet Morel');
    await user.type(within(form).getByLabelText('SIREN'), '912 345 678');
    await user.type(within(form).getByLabelText(/Adresse/), '3 quai Saint-Antoine');
    await user.type(within(form).getByLabelText(/Code postal/), '69002');
    await user.type(within(form).getByLabelText(/Ville/), 'Lyon');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(form).findByText(
        'Le SIREN doit compter 9 chiffres et être valide (vérifiez-le sur votre avis de situation Insee)',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    const siren = within(form).getByLabelText('SIREN');
    await user.clear(siren);
    await user.type(siren, '912 345 675');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual(profile);
    expect(
      await within(form).findByText('Enregistré : votre prochaine facture portera ces informations.'),
    ).toBeTruthy();
  });
});
