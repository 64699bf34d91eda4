import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchCallUrl } from '@rdv/api-client';
import { App } from '../App';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NOTE = {
  id: '44444444-4444-4444-8444-444444444444',
  kind: 'fee_note',
  number: '2026-0001',
  userId: 'u1',
  professional: 'Claire Martin',
  appointmentId: '55555555-5555-4555-8555-555555555555',
  creditedNumber: null,
  issuedOn: '2026-11-24',
  totalHtCents: 8000,
  vatRate: 0,
  totalVatCents: 0,
  totalTtcCents: 8000,
  facturX: false,
  pdfUrl: '/api/v1/users/u1/fee-notes/44444444-4444-4444-8444-444444444444/pdf',
};
const CREDIT = {
  ...NOTE,
  id: '66666666-6666-4666-8666-666666666666',
  kind: 'credit_note',
  number: '2026-0002',
  creditedNumber: '2026-0001',
  totalTtcCents: 4000,
};

describe('console: fee notes', () => {
  it('lists every professional’s notes, a credit note against its fee note, and downloads the PDF', async () => {
    const calls: { url: string; headers: Headers }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | Request, init: RequestInit = {}) => {
        const url = fetchCallUrl(input);
        calls.push({ url, headers: new Headers(typeof input === 'string' ? init.headers : input.headers) });
        const json = (body: unknown, headers: Record<string, string> = {}) =>
          new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } });
        if (url.startsWith('/api/v1/auth/admin/check-logged'))
          return json({ _id: 'a1', email: 'admin@example.fr' });
        if (url.startsWith('/api/v1/admin/fee-notes?'))
          return json([CREDIT, NOTE], { 'Content-Range': 'fee-notes 0-1/2' });
        if (url === `/api/v1/admin/fee-notes/${NOTE.id}/pdf`)
          return new Response(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } });
        return new Response(JSON.stringify({ statusCode: 404 }), { status: 404 });
      }),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:note');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockReturnValue(undefined);
    window.history.replaceState(null, '', '/admin/fee-notes');
    render(<App />);
    const noteRow = (await screen.findByText('2026-0001')).closest('tr')!;
    const creditRow = screen.getByText('2026-0002').closest('tr')!;
    expect(within(noteRow).getByText('Claire Martin')).toBeTruthy();
    expect(within(noteRow).getByText('Note d’honoraires')).toBeTruthy();
    expect(within(noteRow).getByText(/80,00\s€/)).toBeTruthy();
    expect(within(creditRow).getByText('Avoir sur 2026-0001')).toBeTruthy();
    expect(within(creditRow).getByText(/[-−]40,00\s€/)).toBeTruthy();
    await userEvent
      .setup()
      .click(within(noteRow).getByRole('button', { name: 'Télécharger le PDF 2026-0001 de Claire Martin' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.find((c) => c.url.endsWith('/pdf'))!.headers.get('x-rdv-session')).toBe('admin');
  });
});
