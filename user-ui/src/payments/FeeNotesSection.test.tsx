import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderApp } from '../test/render';
import { API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const NOTE_ID = '00000000-0000-4000-8000-0000000000a1';
const CREDIT_ID = '00000000-0000-4000-8000-0000000000a2';
const note = {
  id: NOTE_ID,
  kind: 'fee_note',
  number: '2026-0001',
  appointmentId: '00000000-0000-4000-8000-000000000001',
  creditedNumber: null,
  issuedOn: '2026-11-24',
  totalHtCents: 6667,
  vatRate: 20,
  totalVatCents: 1333,
  totalTtcCents: 8000,
  facturX: false,
  pdfUrl: `${API_USER}/fee-notes/${NOTE_ID}/pdf`,
};
const credit = {
  ...note,
  id: CREDIT_ID,
  kind: 'credit_note',
  number: '2026-0002',
  creditedNumber: '2026-0001',
  issuedOn: '2026-11-25',
  totalHtCents: 3333,
  totalVatCents: 667,
  totalTtcCents: 4000,
  pdfUrl: `${API_USER}/fee-notes/${CREDIT_ID}/pdf`,
};
const SETTINGS = {
  vat_regime: 'franchise',
  vat_number: null,
  vat_rate: 20,
  siret: null,
  vat_mention: 'TVA non applicable, art. 293 B du CGI',
};
const routes = (extra: Parameters<typeof fakeApi>[0] = []) => [
  ...signedIn(),
  { path: `${API_USER}/payments`, body: { monthNetCents: 0, data: [] } },
  { path: `${API_USER}/fee-notes`, body: { data: [credit, note] } },
  { path: `${API_USER}/fee-note-settings`, body: SETTINGS },
  ...extra,
];

describe('fee notes on /user/paiements', () => {
  it('lists the fee notes and credit notes with their amounts, and downloads the PDF of one', async () => {
    const api = fakeApi(routes([{ path: `${API_USER}/fee-notes/${NOTE_ID}/pdf`, body: {} }]));
    vi.stubGlobal('fetch', api.fetchMock);
    const createObjectURL = vi.fn(() => 'blob:note');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderApp('/user/paiements');
    const table = await screen.findByRole('table', { name: 'Notes d’honoraires' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual([
      'Avoir 2026-0002sur la note 2026-0001',
      'Note d’honoraires 2026-0001',
    ]);
    expect(rows[1]!.textContent).toMatch(/24\/11\/2026\s*66,67\s€13,33\s€80,00\s€/);
    // A credit note counts against the takings.
    expect(rows[0]!.textContent).toMatch(/-40,00\s€/);

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Télécharger' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.calls.some((call) => call.url.endsWith(`/fee-notes/${NOTE_ID}/pdf`))).toBe(true);
  });

  it('says when there is no note yet', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi(
        routes().map((route) =>
          route.path === `${API_USER}/fee-notes` ? { ...route, body: { data: [] } } : route,
        ),
      ).fetchMock,
    );
    renderApp('/user/paiements');
    expect(await screen.findByText('Aucune note d’honoraires pour l’instant.')).toBeTruthy();
  });

  it('sets the VAT regime: what is sent, and the API’s French refusal shown in the form', async () => {
    const refused = {
      method: 'PUT',
      path: `${API_USER}/fee-note-settings`,
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Numéro de TVA intracommunautaire invalide (FR suivi de 11 caractères, ex. FR12345678901)',
      },
    };
    const api = fakeApi(routes([refused]));
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp('/user/paiements');
    const form = await screen.findByRole('form', { name: 'TVA des notes d’honoraires' });
    fireEvent.click(within(form).getByLabelText('Assujetti à la TVA'));
    fireEvent.change(within(form).getByLabelText('Numéro de TVA intracommunautaire'), {
      target: { value: 'FR12' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(form).findByText(
        'Numéro de TVA intracommunautaire invalide (FR suivi de 11 caractères, ex. FR12345678901)',
      ),
    ).toBeTruthy();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ vat_regime: 'vat', vat_number: 'FR12', vat_rate: 20, siret: null });
  });
});
