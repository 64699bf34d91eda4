import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, createQueryClient } from '../AppProviders';
import { fakeApi } from '../test/render';
import { VisioCard } from './VisioCard';

afterEach(() => vi.unstubAllGlobals());

const USER = '11111111-1111-4111-8111-111111111111';
const NONE = {
  provider: null,
  ownLinkUrl: null,
  effectiveProvider: null,
  available: { google_meet: false, teams: false, jitsi: false, own_link: true },
  jitsiBaseUrl: null,
  acceptsVisio: false,
};

function renderCard(settings: object, saved: object = settings) {
  const { fetchMock, calls } = fakeApi([
    { path: `/api/v1/users/${USER}/visio-settings`, body: settings },
    { path: `/api/v1/users/${USER}/visio-settings`, method: 'PUT', body: saved },
  ]);
  vi.stubGlobal('fetch', fetchMock);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <VisioCard userId={USER} />
    </AppProviders>,
  );
  return calls;
}

describe('Visioconférence card', () => {
  it('says video bookings are refused without a provider, and saves the own link it checks first', async () => {
    const calls = renderCard(NONE, {
      ...NONE,
      provider: 'own_link',
      ownLinkUrl: 'https://visio.cabinet.fr/salle',
      effectiveProvider: 'own_link',
      acceptsVisio: true,
    });
    expect(
      await screen.findByText(/vos clients ne peuvent pas réserver de rendez-vous en visio/),
    ).toBeTruthy();
    const meet = screen.getByRole('radio', { name: /Google Meet.*indisponible/ }) as HTMLInputElement;
    expect(meet.disabled).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: /Mon propre lien/ }));
    await userEvent.type(screen.getByLabelText(/Lien de votre salle/), 'http://visio.cabinet.fr/salle');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Le lien de visioconférence doit être une adresse https:// valide'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(screen.getByLabelText(/Lien de votre salle/));
    await userEvent.type(screen.getByLabelText(/Lien de votre salle/), 'https://visio.cabinet.fr/salle');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Visioconférence enregistrée')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      provider: 'own_link',
      ownLinkUrl: 'https://visio.cabinet.fr/salle',
    });
    expect(screen.queryByText(/vos clients ne peuvent pas réserver/)).toBeNull();
  });

  it('names the automatic choice: Google Meet once a Google calendar is written to', async () => {
    renderCard({
      ...NONE,
      effectiveProvider: 'google_meet',
      available: { ...NONE.available, google_meet: true },
      acceptsVisio: true,
    });
    const auto = (await screen.findByRole('radio', {
      name: /^Automatique : Google Meet/,
    })) as HTMLInputElement;
    expect(auto.checked).toBe(true);
  });
});
