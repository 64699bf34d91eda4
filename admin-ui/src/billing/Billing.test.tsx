import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchCallUrl } from '@rdv/api-client';
import { App } from '../App';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SUBSCRIPTION = {
  id: 'sub_1',
  userId: 'u1',
  professional: 'Claire Martin',
  email: 'claire@example.fr',
  status: 'past_due',
  plan: 'intro',
  priceHt: 6900,
  introEndsAt: '2027-05-13T11:00:00.000Z',
  nextDebitAt: '2026-12-13T11:00:00.000Z',
  cancelAtPeriodEnd: false,
  failedPayments: 2,
  pastDueSince: '2026-11-20T11:00:00.000Z',
  suspendedAt: null,
  paymentMethod: 'Prélèvement SEPA •••• 2606',
};

const INVOICE = {
  id: '11111111-1111-4111-8111-111111111111',
  number: 'F-000007',
  kind: 'invoice',
  issuedOn: '2026-11-13',
  periodStart: '2026-11-13',
  periodEnd: '2026-12-12',
  totalHt: 6900,
  totalVat: 1380,
  totalTtc: 8280,
  userId: 'u1',
  customer: 'Cabinet Martin',
  creditedInvoiceId: null,
  credited: 2000,
};
const CREDIT_NOTE = {
  ...INVOICE,
  id: '22222222-2222-4222-8222-222222222222',
  number: 'F-000008',
  kind: 'credit_note',
  totalHt: 1667,
  totalVat: 333,
  totalTtc: 2000,
  creditedInvoiceId: INVOICE.id,
  credited: 0,
};

const COMPANY = {
  id: 1,
  name: 'RDV Avocat SAS',
  legalForm: 'SAS',
  capital: '10 000 €',
  siren: '912345675',
  siret: '91234567500017',
  rcs: 'RCS Lyon 912 345 675',
  vatNumber: 'FR65912345675',
  street: '10 place Bellecour',
  postalCode: '69002',
  city: 'Lyon',
  email: 'facturation@rdv-avocat.example',
  invoicePrefix: 'F',
};

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body?: unknown;
}

/** The admin billing API as the console uses it; every call is recorded. */
function mockApi() {
  const calls: Call[] = [];
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request, init: RequestInit = {}) => {
      const url = fetchCallUrl(input);
      const method = (typeof input === 'string' ? (init.method ?? 'GET') : input.method).toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const headers = new Headers(typeof input === 'string' ? init.headers : input.headers);
      calls.push({ url, method, headers, body });
      if (url.startsWith('/api/v1/auth/admin/check-logged'))
        return json({ _id: 'a1', email: 'admin@example.fr' });
      if (url.startsWith('/api/v1/admin/billing/subscriptions?'))
        return json([SUBSCRIPTION], 200, { 'Content-Range': 'billing/subscriptions 0-0/1' });
      if (url === '/api/v1/admin/billing/subscriptions/sub_1') return json(SUBSCRIPTION);
      if (url === '/api/v1/admin/billing/subscriptions/sub_1/extend-trial')
        return json({ ...SUBSCRIPTION, introEndsAt: '2027-07-13T11:00:00.000Z' });
      if (url === '/api/v1/admin/billing/subscriptions/sub_1/cancel')
        return json({ ...SUBSCRIPTION, cancelAtPeriodEnd: true, nextDebitAt: null });
      if (url.startsWith('/api/v1/admin/billing/invoices?'))
        return json([CREDIT_NOTE, INVOICE], 200, { 'Content-Range': 'billing/invoices 0-1/2' });
      if (url === `/api/v1/admin/billing/invoices/${INVOICE.id}/pdf`)
        return new Response(new Blob(['%PDF-1.7 factur-x.xml']), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf' },
        });
      if (url === `/api/v1/admin/billing/invoices/${INVOICE.id}/refund`)
        return json({ ...CREDIT_NOTE, id: '33333333-3333-4333-8333-333333333333', number: 'F-000009' });
      if (url === '/api/v1/admin/billing/metrics')
        return json(
          Array.from({ length: 12 }, (_, i) => ({
            month: `${i < 2 ? 2025 : 2026}-${String(((i + 10) % 12) + 1).padStart(2, '0')}`,
            mrr: i * 6900,
            active: i,
            churned: i === 11 ? 1 : 0,
            churnRate: i === 11 ? 10 : 0,
          })),
        );
      if (url === '/api/v1/admin/billing/company' && method === 'GET') return json(COMPANY);
      if (url === '/api/v1/admin/billing/company' && method === 'PUT')
        return json({ ...COMPANY, ...(body as object) });
      return json({ statusCode: 404, message: 'Not Found' }, 404);
    }),
  );
  return calls;
}

describe('console: subscriptions', () => {
  it('lists the subscriptions with their state, plan, next debit and failed payments', async () => {
    const calls = mockApi();
    window.history.replaceState(null, '', '/admin/billing/subscriptions');
    render(<App />);
    const row = (await screen.findByText('Claire Martin')).closest('tr')!;
    expect(within(row).getByText('Paiement en retard')).toBeTruthy();
    expect(within(row).getByText('Tarif de lancement — 69,00 € HT / mois')).toBeTruthy();
    expect(within(row).getByText('13/12/2026')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    // One page at a time, newest first: the API pages and sorts, the console no longer asks for everything.
    const listCall = new URL(
      calls.find((c) => c.url.startsWith('/api/v1/admin/billing/subscriptions?'))!.url,
      'http://x',
    );
    expect(JSON.parse(listCall.searchParams.get('range')!)).toEqual([0, 9]);
    expect(JSON.parse(listCall.searchParams.get('sort')!)).toEqual(['createdAt', 'DESC']);
  });

  it('searches subscriptions by name and filters them by state through the API', async () => {
    const calls = mockApi();
    window.history.replaceState(null, '', '/admin/billing/subscriptions');
    render(<App />);
    await screen.findByText('Claire Martin');
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Nom ou email'), 'Martin');
    await waitFor(() => {
      const filters = calls
        .filter((c) => c.url.startsWith('/api/v1/admin/billing/subscriptions?'))
        .map((c) => JSON.parse(new URL(c.url, 'http://x').searchParams.get('filter') ?? '{}'));
      expect(filters).toContainEqual({ q: 'Martin' });
    });
  });

  it('extends the introductory price by some months, 1 to 12', async () => {
    const calls = mockApi();
    window.history.replaceState(null, '', '/admin/billing/subscriptions/sub_1/show');
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Prolonger le tarif de lancement' }));
    const dialog = screen.getByRole('dialog');
    const months = within(dialog).getByLabelText('Nombre de mois');
    await user.clear(months);
    await user.type(months, '13');
    expect(within(dialog).getByText('Entre 1 et 12 mois')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Prolonger' }).hasAttribute('disabled')).toBe(true);
    await user.clear(months);
    await user.type(months, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Prolonger' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/extend-trial'))).toMatchObject({
        method: 'POST',
        body: { months: 2 },
      }),
    );
    expect(await screen.findByText('Tarif de lancement prolongé de 2 mois.')).toBeTruthy();
  });

  it('cancels now or at the end of the paid month', async () => {
    const calls = mockApi();
    window.history.replaceState(null, '', '/admin/billing/subscriptions/sub_1/show');
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Résilier' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByLabelText('Immédiatement'));
    await user.click(within(dialog).getByRole('button', { name: 'Résilier' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/cancel'))).toMatchObject({
        method: 'POST',
        body: { when: 'now' },
      }),
    );
    expect(await screen.findByText('Abonnement résilié.')).toBeTruthy();
  });
});

describe('console: invoices and credit notes', () => {
  it('lists both, a credit note as a negative amount, and downloads the PDF with the console session', async () => {
    const calls = mockApi();
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    // The browser's download itself is not the console's business (and would navigate the test's window).
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockReturnValue(undefined);
    window.history.replaceState(null, '', '/admin/billing/invoices');
    render(<App />);
    const user = userEvent.setup();
    const invoiceRow = (await screen.findByText('F-000007')).closest('tr')!;
    const noteRow = screen.getByText('F-000008').closest('tr')!;
    expect(within(noteRow).getByText('Avoir')).toBeTruthy();
    expect(within(noteRow).getByText(/[-−]20,00\s€/)).toBeTruthy();
    expect(within(invoiceRow).getByText('Facture')).toBeTruthy();
    expect(within(invoiceRow).getByText(/82,80\s€/)).toBeTruthy();
    // A credit note is not refunded again.
    expect(within(noteRow).queryByRole('button', { name: 'Rembourser' })).toBeNull();
    await user.click(within(invoiceRow).getByRole('button', { name: 'Télécharger le PDF F-000007' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(objectUrl).toHaveBeenCalled();
    const pdf = calls.find((c) => c.url.endsWith('/pdf'))!;
    expect(pdf.headers.get('x-rdv-session')).toBe('admin');
  });

  it('refunds with a credit note: a reason, at most what is left to credit', async () => {
    const calls = mockApi();
    window.history.replaceState(null, '', '/admin/billing/invoices');
    render(<App />);
    const user = userEvent.setup();
    const invoiceRow = (await screen.findByText('F-000007')).closest('tr')!;
    await user.click(within(invoiceRow).getByRole('button', { name: 'Rembourser' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/62,80\s€ TTC restant à créditer/)).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Émettre l’avoir' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText(/Motif/), 'Geste commercial');
    await user.type(within(dialog).getByLabelText('Montant TTC (€)'), '70');
    expect(within(dialog).getByText(/Au plus 62,80\s€/)).toBeTruthy();
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.clear(within(dialog).getByLabelText('Montant TTC (€)'));
    await user.type(within(dialog).getByLabelText('Montant TTC (€)'), '41,40');
    await user.click(submit);
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/refund'))).toMatchObject({
        method: 'POST',
        body: { reason: 'Geste commercial', amountTtc: 4140 },
      }),
    );
    expect(await screen.findByText('Avoir F-000009 émis.')).toBeTruthy();
  });
});

describe('console: subscription revenue', () => {
  it('charts the monthly recurring revenue and the churn of the last 12 months', async () => {
    mockApi();
    window.history.replaceState(null, '', '/admin/billing-metrics');
    render(<App />);
    expect(await screen.findByRole('img', { name: /Revenu mensuel récurrent hors taxes/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /Taux d’attrition mensuel/ })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Abonnements par mois' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    const last = within(table).getAllByRole('row')[12]!;
    expect(last.textContent).toMatch(/759,00\s€/);
    expect(last.textContent).toContain('10 %');
    expect(
      screen.getByText(/Ce mois-ci : revenu mensuel récurrent 759,00\s€ HT, 11 abonnements actifs/),
    ).toBeTruthy();
  });
});

describe('console: company on invoices', () => {
  it('checks the SIREN and saves the issuer with PUT /admin/billing/company (no id)', async () => {
    const calls = mockApi();
    window.history.replaceState(null, '', '/admin/billing-company');
    render(<App />);
    const user = userEvent.setup();
    const siren = await screen.findByDisplayValue('912345675');
    await user.clear(siren);
    // Nine digits, but the Luhn key is wrong.
    await user.type(siren, '912345678');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/Le SIREN doit compter 9 chiffres et être valide/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(siren);
    await user.type(siren, '823456785');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/v1/admin/billing/company');
    expect(put.body).toEqual({
      ...Object.fromEntries(Object.entries(COMPANY).filter(([k]) => k !== 'id')),
      siren: '823456785',
    });
  });
});
