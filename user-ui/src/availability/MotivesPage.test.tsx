import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Motive } from '../api/availability';
import { fakeApi, renderApp } from '../test/render';
import { API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const motive = (id: string, title: string, position: number, extra: Partial<Motive> = {}): Motive => ({
  id,
  title,
  durationMinutes: 60,
  noticeMinutes: 1440,
  notBeforeHour: null,
  notAfterMonths: 3,
  inPersonAllowed: true,
  visioAllowed: false,
  phoneAllowed: false,
  isActive: true,
  position,
  priceCents: null,
  paymentRule: 'free',
  cancellationDeadlineHours: 24,
  lateCancellationRefund: 'none',
  acceptsLegalAid: false,
  ...extra,
});

const SETTINGS = {
  amplitudeStart: null,
  amplitudeEnd: null,
  visioEnabled: true,
  phoneEnabled: true,
  holidayCountry: null,
  effectiveHolidayCountry: 'FR',
  timezone: 'Europe/Paris',
};

function setup(motives: Motive[], extra: Parameters<typeof fakeApi>[0] = []) {
  const api = fakeApi([
    ...signedIn(),
    { path: `${API_USER}/motives`, body: motives },
    { path: `${API_USER}/availability-settings`, body: SETTINGS },
    ...extra,
  ]);
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp('/user/motifs');
  return api;
}

async function openNewMotive() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Nouveau motif' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nouveau motif de rendez-vous' });
  return { user, dialog };
}

describe('motives page /user/motifs', () => {
  it('lists the motives in order with duration, modes and booking rules', async () => {
    setup([
      motive('m1', 'Première consultation', 0, { visioAllowed: true, notBeforeHour: 9 }),
      motive('m2', 'Suivi de dossier', 1, {
        durationMinutes: 30,
        isActive: false,
        priceCents: 8050,
        paymentRule: 'at_booking',
      }),
    ]);
    const list = await screen.findByRole('list', { name: 'Motifs de rendez-vous' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/Première|Suivi/).textContent)).toEqual([
      'Première consultation',
      'Suivi de dossier',
    ]);
    expect(within(items[0]!).getByText('1 h')).toBeTruthy();
    expect(
      within(items[0]!).getByText(
        /Au cabinet · En visio — délai : 1 jour avant, pas avant 9 h, réservable jusqu’à 3 mois/,
      ),
    ).toBeTruthy();
    expect(within(items[1]!).getByText('Désactivé')).toBeTruthy();
    expect(within(items[1]!).getByText('80,50 € TTC · payé en ligne')).toBeTruthy();
  });

  it('refuses a duration of 7 minutes and a horizon of 0 month with the French messages, without calling the API', async () => {
    const { calls } = setup([]);
    const { user, dialog } = await openNewMotive();
    await user.type(within(dialog).getByLabelText('Titre du motif'), 'Première consultation');
    await user.clear(within(dialog).getByLabelText('Durée'));
    await user.type(within(dialog).getByLabelText('Durée'), '7');
    await user.clear(within(dialog).getByLabelText('Réservable jusqu’à'));
    await user.type(within(dialog).getByLabelText('Réservable jusqu’à'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le motif' }));

    expect(await within(dialog).findByText('La durée doit être un multiple de 5 minutes')).toBeTruthy();
    expect(within(dialog).getByText('L’horizon de réservation doit être d’au moins 1 mois')).toBeTruthy();
    expect(within(dialog).getByLabelText('Durée').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('asks for at least one mode', async () => {
    setup([]);
    const { user, dialog } = await openNewMotive();
    await user.type(within(dialog).getByLabelText('Titre du motif'), 'Consultation');
    await user.click(within(dialog).getByLabelText('Au cabinet'));
    await user.click(within(dialog).getByRole('button', { name: 'Créer le motif' }));
    expect(
      await within(dialog).findByText(
        'Choisissez au moins un mode de rendez-vous (cabinet, visio ou téléphone)',
      ),
    ).toBeTruthy();
  });

  it('sends the motive with durations in minutes and closes the dialog', async () => {
    const created = motive('m9', 'Première consultation', 0, {
      durationMinutes: 45,
      noticeMinutes: 2880,
      visioAllowed: true,
      notBeforeHour: 9,
      notAfterMonths: 6,
    });
    const { calls } = setup([], [{ method: 'POST', path: `${API_USER}/motives`, body: created }]);
    const { user, dialog } = await openNewMotive();
    await user.type(within(dialog).getByLabelText('Titre du motif'), 'Première consultation');
    await user.clear(within(dialog).getByLabelText('Durée'));
    await user.type(within(dialog).getByLabelText('Durée'), '45');
    await user.clear(within(dialog).getByLabelText('Réservable jusqu’à'));
    await user.type(within(dialog).getByLabelText('Réservable jusqu’à'), '6');
    await user.clear(within(dialog).getByLabelText('Délai minimum avant le rendez-vous'));
    await user.type(within(dialog).getByLabelText('Délai minimum avant le rendez-vous'), '2');
    await user.click(within(dialog).getByLabelText('Unité'));
    await user.click(await screen.findByRole('option', { name: 'jours' }));
    await user.click(within(dialog).getByLabelText('Pas de rendez-vous avant'));
    await user.click(await screen.findByRole('option', { name: '9 h' }));
    await user.click(within(dialog).getByLabelText('En visio'));
    await user.click(within(dialog).getByRole('button', { name: 'Créer le motif' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe(`${API_USER}/motives`);
    expect(post?.body).toEqual({
      title: 'Première consultation',
      durationMinutes: 45,
      noticeMinutes: 2880,
      notBeforeHour: 9,
      notAfterMonths: 6,
      inPersonAllowed: true,
      visioAllowed: true,
      phoneAllowed: false,
      isActive: true,
      priceCents: null,
      paymentRule: 'free',
      cancellationDeadlineHours: 24,
      lateCancellationRefund: 'none',
      acceptsLegalAid: false,
    });
    expect(await screen.findByText('Motif créé')).toBeTruthy();
  });

  it('creates a motive paid online at booking, with its price and cancellation rule', async () => {
    const created = motive('m8', 'Consultation payante', 0, { priceCents: 8050, paymentRule: 'at_booking' });
    const { calls } = setup([], [{ method: 'POST', path: `${API_USER}/motives`, body: created }]);
    const { user, dialog } = await openNewMotive();
    await user.type(within(dialog).getByLabelText('Titre du motif'), 'Consultation payante');
    await user.click(within(dialog).getByLabelText('Règlement'));
    await user.click(await screen.findByRole('option', { name: 'Payé en ligne à la réservation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Créer le motif' }));
    expect(
      await within(dialog).findByText('Indiquez le prix TTC d’un motif payé à la réservation'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Prix TTC'), '80,50');
    await user.clear(within(dialog).getByLabelText('Annulation gratuite jusqu’à'));
    await user.type(within(dialog).getByLabelText('Annulation gratuite jusqu’à'), '48');
    await user.click(within(dialog).getByLabelText('Annulation plus tardive'));
    await user.click(await screen.findByRole('option', { name: 'Remboursée à moitié' }));
    await user.click(within(dialog).getByRole('button', { name: 'Créer le motif' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      priceCents: 8050,
      paymentRule: 'at_booking',
      cancellationDeadlineHours: 48,
      lateCancellationRefund: 'half',
      acceptsLegalAid: false,
    });
    expect(await screen.findByText('Motif créé')).toBeTruthy();
    // Many typed fields: more than the default time on a loaded machine.
  }, 60_000);

  it('shows the API’s 400 message in the dialog', async () => {
    setup(
      [],
      [
        {
          method: 'POST',
          path: `${API_USER}/motives`,
          status: 400,
          body: {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'La durée ne peut pas dépasser 8 heures',
          },
        },
      ],
    );
    const { user, dialog } = await openNewMotive();
    await user.type(within(dialog).getByLabelText('Titre du motif'), 'Consultation');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le motif' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'La durée ne peut pas dépasser 8 heures',
    );
  });

  it('moves a motive down with an accessible button and saves the whole order', async () => {
    const a = motive('aaaaaaaa-0000-4000-8000-000000000001', 'Première consultation', 0);
    const b = motive('aaaaaaaa-0000-4000-8000-000000000002', 'Suivi de dossier', 1);
    const { calls } = setup(
      [a, b],
      [
        {
          method: 'PUT',
          path: `${API_USER}/motives/order`,
          body: [
            { ...b, position: 0 },
            { ...a, position: 1 },
          ],
        },
      ],
    );
    const user = userEvent.setup();
    expect(
      (await screen.findByRole('button', { name: 'Monter « Première consultation »' })).hasAttribute(
        'disabled',
      ),
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Descendre « Première consultation »' }));

    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ motiveIds: [b.id, a.id] }),
    );
    const items = within(screen.getByRole('list', { name: 'Motifs de rendez-vous' })).getAllByRole(
      'listitem',
    );
    await waitFor(() => expect(within(items[0]!).queryByText('Suivi de dossier')).toBeTruthy());
  });

  it('disables a motive with its switch', async () => {
    const a = motive('m1', 'Première consultation', 0);
    const { calls } = setup(
      [a],
      [{ method: 'PATCH', path: `${API_USER}/motives/m1`, body: { ...a, isActive: false } }],
    );
    await userEvent.click(
      await screen.findByRole('switch', { name: 'Motif « Première consultation » actif' }),
    );
    expect(await screen.findByText('« Première consultation » n’est plus proposé')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ isActive: false });
  });

  it('deletes a motive from its dialog after confirmation', async () => {
    const a = motive('m1', 'Première consultation', 0);
    const { calls } = setup([a], [{ method: 'DELETE', path: `${API_USER}/motives/m1` }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Modifier « Première consultation »' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Modifier le motif' })).getByRole('button', {
        name: 'Supprimer',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer ce motif ?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer le motif' }));
    expect(await screen.findByText('« Première consultation » a été supprimé')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`${API_USER}/motives/m1`);
  });
});
