import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCallUrl } from '@rdv/api-client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';

afterEach(() => vi.unstubAllGlobals());

const APPOINTMENT = {
  id: '6f1c2b7e-9a51-4c35-8d2e-0d6b1e9a7c41',
  refAppointment: 'RDV-2026-0042',
  status: 'confirmed',
  mode: 'visio',
  startsAt: '2026-12-03T09:00:00.000Z',
  endsAt: '2026-12-03T09:30:00.000Z',
  timezone: 'Europe/Paris',
  userId: '0b8e6f5c-2d3a-4c1b-9e7f-6a5d4c3b2a19',
  professionalName: 'Claire Dubois',
  professionalEmail: 'claire.dubois@example.fr',
  attendeeId: null,
  attendeeName: 'Julien Martin',
  attendeeEmail: 'julien.martin@example.fr',
  motiveTitle: 'Première consultation',
  createdBy: 'attendee',
  refusalReason: null,
  cancelledBy: null,
  cancellationReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** The admin API for one appointment with `payment`; the refund answers `refundAnswer`. */
function mockApi(
  payment: unknown,
  refundAnswer: { status: number; body: unknown } = { status: 200, body: {} },
) {
  const calls: Call[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request, init: RequestInit = {}) => {
      const url = fetchCallUrl(input);
      const method = (init.method ?? 'GET').toUpperCase();
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/v1/auth/admin/check-logged'))
        return json({ _id: 'a1', email: 'admin@example.fr' });
      const path = url.split('?')[0];
      if (path === `/api/v1/admin/appointments/${APPOINTMENT.id}`) return json({ ...APPOINTMENT, payment });
      if (path === `/api/v1/admin/payments/${APPOINTMENT.id}/refund` && method === 'POST')
        return json(refundAnswer.body, refundAnswer.status);
      return json({}, 404);
    }),
  );
  return calls;
}

const showPage = () => {
  window.history.replaceState(null, '', `/admin/appointments/${APPOINTMENT.id}/show`);
  render(<App />);
};

describe('Rembourser un paiement (console)', () => {
  it('refunds part of a captured payment with the reason, after refusing an amount above what is left', async () => {
    const calls = mockApi({ status: 'captured', amountCents: 8000, refundedCents: 2000, legalAid: false });
    showPage();
    const user = userEvent.setup();
    expect(await screen.findByText('80,00 € · Encaissé (remboursé 20,00 €)')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Rembourser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rembourser le client' });
    const amount = within(dialog).getByLabelText('Montant à rembourser (€)');
    expect((amount as HTMLInputElement).value).toBe('60,00');

    await user.clear(amount);
    await user.type(amount, '70');
    await user.type(within(dialog).getByLabelText(/Motif/), 'Geste commercial');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    expect(await within(dialog).findByText('Il reste 60,00 € remboursables sur ce paiement')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/refund'))).toBe(false);

    await user.clear(amount);
    await user.type(amount, '25,50');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    await waitFor(() => expect(calls.find((call) => call.url.includes('/refund'))).toBeTruthy());
    const refund = calls.find((call) => call.url.includes('/refund'))!;
    expect(refund.method).toBe('POST');
    expect(refund.body).toEqual({ reason: 'Geste commercial', amountCents: 2550 });
  });

  it('keeps the dialog open with the API’s refusal under the reason', async () => {
    mockApi(
      { status: 'captured', amountCents: 8000, refundedCents: 0, legalAid: false },
      {
        status: 409,
        body: {
          statusCode: 409,
          code: 'NOT_REFUNDABLE',
          message: 'Il reste 0,00 € remboursables sur ce paiement',
        },
      },
    );
    showPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rembourser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rembourser le client' });
    await user.type(within(dialog).getByLabelText(/Motif/), 'Litige réglé');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    expect(await within(dialog).findByText('Il reste 0,00 € remboursables sur ce paiement')).toBeTruthy();
  });

  it('is not offered for a card only authorised, not yet charged', async () => {
    mockApi({ status: 'authorized', amountCents: 8000, refundedCents: 0, legalAid: false });
    showPage();
    expect(await screen.findByText('80,00 € · Carte autorisée, débitée à la validation')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rembourser' })).toBeNull();
  });
});
