import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Motive } from '../api/availability';
import { fakeApi, renderApp } from '../test/render';
import { API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const PAID: Motive = {
  id: 'm1',
  title: 'Première consultation',
  durationMinutes: 60,
  noticeMinutes: 1440,
  notBeforeHour: null,
  notAfterMonths: 3,
  inPersonAllowed: true,
  visioAllowed: false,
  phoneAllowed: false,
  isActive: true,
  position: 0,
  priceCents: 8000,
  paymentRule: 'at_booking',
  cancellationDeadlineHours: 24,
  lateCancellationRefund: 'none',
  acceptsLegalAid: true,
};

const MODEL = 'Article 1 – Parties\nEntre {avocat} et {client}.\nArticle 7 – Contestations\nLe bâtonnier.';
const HASH = 'a'.repeat(64);

function setup(motive: Motive, saved = { terms: MODEL, versionHash: HASH }) {
  const api = fakeApi([
    ...signedIn(),
    { path: `${API_USER}/motives`, body: [motive] },
    {
      path: `${API_USER}/availability-settings`,
      body: { visioEnabled: true, phoneEnabled: true, timezone: 'Europe/Paris' },
    },
    {
      path: `${API_USER}/motives/m1/fee-agreement`,
      body: { available: true, terms: null, versionHash: null, versionCreatedAt: null, model: MODEL },
    },
    {
      method: 'PUT',
      path: `${API_USER}/motives/m1/fee-agreement`,
      body: { available: true, ...saved, versionCreatedAt: '2026-11-27T10:00:00.000Z', model: MODEL },
    },
  ]);
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp('/user/motifs');
  return api;
}

describe('fee agreement terms in the motive dialog (lawyers)', () => {
  it('starts from the shipped model and saves the terms as a new version', async () => {
    const api = setup(PAID);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Modifier « Première consultation »' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le motif' });
    const section = await within(dialog).findByRole('region', { name: 'Convention d’honoraires' });
    const save = within(section).getByRole('button', { name: 'Enregistrer la convention' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(section).getByRole('button', { name: 'Partir du modèle' }));
    expect((within(section).getByLabelText('Texte de la convention') as HTMLTextAreaElement).value).toBe(
      MODEL,
    );
    await user.click(save);
    expect(await within(section).findByText('Convention enregistrée')).toBeTruthy();
    expect(within(section).getByText(/empreinte aaaaaaaaaaaa…/)).toBeTruthy();
    const put = api.calls.find((c) => c.method === 'PUT' && c.url.endsWith('/motives/m1/fee-agreement'));
    expect(put?.body).toEqual({ terms: MODEL });
  });

  it('is not offered on a free motive', async () => {
    setup({ ...PAID, priceCents: null, paymentRule: 'free' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Modifier « Première consultation »' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le motif' });
    await waitFor(() => expect(within(dialog).getByLabelText('Titre du motif')).toBeTruthy());
    expect(within(dialog).queryByRole('region', { name: 'Convention d’honoraires' })).toBeNull();
  });
});
