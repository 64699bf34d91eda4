import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSector } from '@rdv/sectors';
import { BookingDialog } from './BookingDialog';
import { BookingError, type BookingClient } from './booking-client';
import type { Slot } from '../../lib/directory';
import type { Attendee } from '../../lib/attendee';
import type { Appointment } from '../../lib/appointments';

const sector = getSector('lawyer');
const PRO = {
  _id: '7b1d7a0e-1b1c-4a8e-9a53-2d9c1f0e6a22',
  first_name: 'Claire',
  last_name: 'Durand',
  address: '3 rue Mercière, 69002 Lyon',
};

const newAttendee: Attendee = {
  _id: 'a1',
  civility: 'Mme',
  email: 'alex.martin@example.fr',
  first_name: 'Alex',
  last_name: 'Martin',
  birthdate: null,
  phone: '+33612345678',
  phone_country_code: 'FR',
  cguAcceptedAt: '2026-11-20T10:00:00.000Z',
  privacyAcceptedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  phoneVerifiedAt: null,
  company_name: null,
  company_siret: null,
};

/** Local 09:00 / 09:30 / 10:00 on the day after tomorrow, Paris time in winter. */
function slotsOf(day: string, times: string[]): Slot[] {
  return times.map((t) => ({ start: `${day}T${t}:00+01:00`, end: `${day}T${t.slice(0, 2)}:59:00+01:00` }));
}
const DAY = (() => {
  const d = new Date(Date.now() + 2 * 86_400_000);
  return d.toISOString().slice(0, 10);
})();

function fakeClient(overrides: Partial<BookingClient> = {}) {
  const calls: string[] = [];
  const client: BookingClient = {
    session: vi.fn(async () => null),
    motives: vi.fn(async () =>
      [
        {
          id: 'm1',
          title: 'Première consultation',
          durationMinutes: 60,
          modes: ['in_person', 'visio'] as const,
        },
        { id: 'm2', title: 'Suivi de dossier', durationMinutes: 30, modes: ['phone'] as const },
      ].map((m) => ({
        ...m,
        modes: [...m.modes],
        priceCents: null,
        paymentRule: 'free' as const,
        cancellationDeadlineHours: 24,
        lateCancellationRefund: 'none' as const,
        acceptsLegalAid: false,
      })),
    ),
    slots: vi.fn(async () => ({
      slots: slotsOf(DAY, ['09:00', '09:30', '10:00']),
      timezone: 'Europe/Paris',
    })),
    signIn: vi.fn(async () => newAttendee),
    signUp: vi.fn(async () => newAttendee),
    sendCode: vi.fn(async () => ({
      message: 'Un code de vérification vous a été envoyé par SMS.',
      phone: '+33612345678',
    })),
    verifyCode: vi.fn(async () => ({ ...newAttendee, phoneVerifiedAt: '2026-11-22T08:00:00Z' })),
    feeAgreement: vi.fn(async () => ({ required: false, text: null, versionHash: null })),
    createEvent: vi.fn(
      async (): Promise<Appointment> =>
        ({
          _id: 'e1',
          id_event: 'e1',
          refAppointment: 'ABCDEFGHIJKLMNOP',
          status: 'pending',
          mode: 'visio',
          start: `${DAY}T09:30:00+01:00`,
          end: `${DAY}T10:30:00+01:00`,
          timezone: 'Europe/Paris',
        }) as Appointment,
    ),
    ...overrides,
  };
  return { client, calls };
}

function renderDialog(client: BookingClient, onClose = () => {}) {
  return render(
    <BookingDialog
      open
      onClose={onClose}
      professional={PRO}
      professionalLabel="Me Claire Durand"
      sector={sector}
      client={client}
    />,
  );
}

const stepLabel = () => document.getElementById('bd-step-label')?.textContent;

async function pickReasonAndSlot() {
  fireEvent.click(await screen.findByLabelText(/Première consultation/));
  fireEvent.click(screen.getByLabelText('En visio'));
  fireEvent.click(screen.getByRole('button', { name: 'Choisir un créneau' }));
  expect(stepLabel()).toBe('Étape 1 sur 5 : Motif › Créneau');
  const slot = await screen.findByRole('button', { name: /à 09:30$/ });
  fireEvent.click(slot);
}

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('booking dialog', () => {
  it('is a labelled modal dialog with a five-step progress indicator', async () => {
    const { client } = fakeClient();
    renderDialog(client);
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.getAttribute('aria-labelledby')).toBe('bd-title');
    expect(document.getElementById('bd-title')?.textContent).toBe(
      'Prendre rendez-vous avec Me Claire Durand',
    );
    const steps = within(
      screen.getByRole('list', { name: 'Étapes de la prise de rendez-vous', hidden: true }),
    )
      .getAllByRole('listitem', { hidden: true })
      .map((li) => li.textContent);
    expect(steps).toEqual(['1Motif', '2Identification', '3Vérification', '4Informations', '5Confirmation']);
    await screen.findByLabelText(/Première consultation/);
    expect(stepLabel()).toBe('Étape 1 sur 5 : Motif');
  });

  it('walks motive -> slot -> identification (sign-up) -> SMS code -> infos -> confirm, with one Idempotency-Key', async () => {
    const { client } = fakeClient();
    renderDialog(client);
    await pickReasonAndSlot();
    expect(client.slots).toHaveBeenCalledWith(
      PRO._id,
      expect.objectContaining({ motiveId: 'm1', mode: 'visio' }),
    );

    // Identification: sign up inline.
    expect(stepLabel()).toBe('Étape 2 sur 5 : Identification');
    fireEvent.click(screen.getByRole('button', { name: 'Nouveau compte' }));
    fireEvent.click(screen.getByLabelText('Madame'));
    fill('Prénom', 'Alex');
    fill('Nom', 'Martin');
    fill('Email', 'alex.martin@example.fr');
    fill('Mot de passe', 'un mot de passe long');
    fill('Confirmation du mot de passe', 'un mot de passe long');
    fill('Téléphone mobile', '06 12 34 56 78');
    fireEvent.click(screen.getByLabelText(/conditions générales d’utilisation/));
    fireEvent.click(screen.getByLabelText(/politique de protection des données/));
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    // Verification: send the code, type it.
    await waitFor(() => expect(stepLabel()).toBe('Étape 3 sur 5 : Vérification'));
    expect(client.signUp).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'alex.martin@example.fr',
        cgu_accepted: true,
        privacy_accepted: true,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir le code par SMS' }));
    const code = await screen.findByLabelText('Code reçu par SMS');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(client.sendCode).toHaveBeenCalledWith('+33612345678', 'FR');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));

    // Infos: details and a message.
    await waitFor(() => expect(stepLabel()).toBe('Étape 4 sur 5 : Informations'));
    expect(client.verifyCode).toHaveBeenCalledWith('123456');
    expect(screen.getByText('alex.martin@example.fr')).toBeTruthy();
    fill("Message pour l'avocat (facultatif)", 'Question de garde d’enfants');
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));

    // Confirm: a double click books once, with one key.
    expect(stepLabel()).toBe('Étape 5 sur 5 : Confirmation');
    expect(screen.getByText('En visio')).toBeTruthy();
    expect(screen.queryByText('3 rue Mercière, 69002 Lyon')).toBeNull();
    const confirm = screen.getByRole('button', { name: 'Confirmer le rendez-vous' });
    await act(async () => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    await screen.findByText('Demande de rendez-vous envoyée');
    expect(client.createEvent).toHaveBeenCalledTimes(1);
    const [body, key] = vi.mocked(client.createEvent).mock.calls[0];
    expect(body).toEqual({
      user_id: PRO._id,
      motive_id: 'm1',
      mode: 'visio',
      start: `${DAY}T09:30:00+01:00`,
      notes: 'Question de garde d’enfants',
    });
    expect(key).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    expect(screen.getByRole('link', { name: 'Voir mon rendez-vous' }).getAttribute('href')).toBe(
      '/appointments/ABCDEFGHIJKLMNOP',
    );
  });

  it('keeps the same Idempotency-Key when the first answer was lost and the visitor confirms again', async () => {
    const { client } = fakeClient({
      session: vi.fn(async () => ({ ...newAttendee, phoneVerifiedAt: '2026-11-01T00:00:00Z' })),
    });
    vi.mocked(client.createEvent).mockRejectedValueOnce(
      new BookingError(0, 'NETWORK', 'Connexion impossible.'),
    );
    renderDialog(client);
    await pickReasonAndSlot();
    // Signed in and verified: identification and verification are done already.
    expect(stepLabel()).toBe('Étape 4 sur 5 : Informations');
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer le rendez-vous' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/sans risque de doublon/);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer le rendez-vous' }));
    await screen.findByText('Demande de rendez-vous envoyée');
    const keys = vi.mocked(client.createEvent).mock.calls.map(([, key]) => key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('says when the professional’s calendar could not be checked at booking (accepted by their choice)', async () => {
    const { client } = fakeClient({
      session: vi.fn(async () => ({ ...newAttendee, phoneVerifiedAt: '2026-11-01T00:00:00Z' })),
    });
    const booked = await client.createEvent({} as never, 'key-00000001');
    vi.mocked(client.createEvent).mockResolvedValueOnce({ ...booked, calendarVerified: false });
    renderDialog(client);
    await pickReasonAndSlot();
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer le rendez-vous' }));
    await screen.findByText('Demande de rendez-vous envoyée');
    expect(screen.getByText(/L’agenda de votre avocat n’a pas pu être consulté à l’instant/)).toBeTruthy();
  });

  it('a paid motive: the price in the motive list, the fee and the cancellation rule before confirming, legal aid declared', async () => {
    const paid = {
      id: 'm1',
      title: 'Première consultation',
      durationMinutes: 60,
      modes: ['in_person' as const, 'visio' as const],
      priceCents: 8000,
      paymentRule: 'at_booking' as const,
      cancellationDeadlineHours: 48,
      lateCancellationRefund: 'half' as const,
      acceptsLegalAid: true,
    };
    const { client } = fakeClient({
      session: vi.fn(async () => ({ ...newAttendee, phoneVerifiedAt: '2026-11-01T00:00:00Z' })),
      motives: vi.fn(async () => [paid]),
    });
    renderDialog(client);
    expect(await screen.findByText(/60 min · 80 € TTC, payé en ligne à la réservation/)).toBeTruthy();
    await pickReasonAndSlot();
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByText(/Annulation gratuite jusqu’à 48 h avant le rendez-vous/).textContent).toMatch(
      /ensuite remboursée à moitié/,
    );
    expect(screen.getByRole('button', { name: 'Confirmer et payer' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/aide juridictionnelle totale/));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer le rendez-vous' }));
    await screen.findByText('Demande de rendez-vous envoyée');
    expect(vi.mocked(client.createEvent).mock.calls[0][0]).toMatchObject({
      motive_id: 'm1',
      legal_aid: true,
    });
  });

  it('a lawyer’s paid motive: the fee agreement filled for the client, its own checkbox required to confirm', async () => {
    const paid = {
      id: 'm1',
      title: 'Première consultation',
      durationMinutes: 60,
      modes: ['in_person' as const, 'visio' as const],
      priceCents: 8000,
      paymentRule: 'at_booking' as const,
      cancellationDeadlineHours: 48,
      lateCancellationRefund: 'half' as const,
      acceptsLegalAid: true,
    };
    const text =
      'CONVENTION D’HONORAIRES\n\nEntre : Maître Claire Durand, avocat\nEt : Jean Martin, client\nHonoraires : 80 € TTC';
    const { client } = fakeClient({
      session: vi.fn(async () => ({ ...newAttendee, phoneVerifiedAt: '2026-11-01T00:00:00Z' })),
      motives: vi.fn(async () => [paid]),
      feeAgreement: vi.fn(async (_userId: string, query: { legalAid: boolean }) =>
        query.legalAid
          ? { required: false, text: null, versionHash: null }
          : { required: true, text, versionHash: 'a'.repeat(64) },
      ),
    });
    renderDialog(client);
    await pickReasonAndSlot();
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    const block = await screen.findByRole('document', { name: 'Texte de la convention d’honoraires' });
    expect(block.textContent).toContain('Et : Jean Martin, client');
    expect(block.textContent).toContain('80 € TTC');
    expect(vi.mocked(client.feeAgreement).mock.calls[0][1]).toMatchObject({
      motiveId: 'm1',
      legalAid: false,
    });
    const pay = screen.getByRole('button', { name: 'Confirmer et payer' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    expect(screen.getByLabelText('J’ai lu et j’accepte la convention d’honoraires')).toBeTruthy();
    // Full legal aid: no agreement to accept; back to paying, it is asked again.
    fireEvent.click(screen.getByLabelText(/aide juridictionnelle totale/));
    await waitFor(() =>
      expect(screen.queryByRole('document', { name: 'Texte de la convention d’honoraires' })).toBeNull(),
    );
    fireEvent.click(screen.getByLabelText(/aide juridictionnelle totale/));
    await screen.findByRole('document', { name: 'Texte de la convention d’honoraires' });
    fireEvent.click(screen.getByLabelText('J’ai lu et j’accepte la convention d’honoraires'));
    const confirm = screen.getByRole('button', { name: 'Confirmer et payer' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(client.createEvent).toHaveBeenCalled());
    expect(vi.mocked(client.createEvent).mock.calls[0][0]).toMatchObject({ fee_agreement_accepted: true });
  });

  it('on 409 says the slot was just taken and goes back to the slot choice with fresh slots', async () => {
    const { client } = fakeClient({
      session: vi.fn(async () => ({ ...newAttendee, phoneVerifiedAt: '2026-11-01T00:00:00Z' })),
    });
    vi.mocked(client.createEvent).mockRejectedValueOnce(
      new BookingError(409, 'SLOT_TAKEN', 'Ce créneau vient d’être réservé, veuillez en choisir un autre'),
    );
    renderDialog(client);
    await pickReasonAndSlot();
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    vi.mocked(client.slots).mockResolvedValueOnce({
      slots: slotsOf(DAY, ['11:00']),
      timezone: 'Europe/Paris',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer le rendez-vous' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ce créneau vient d’être pris. Veuillez en choisir un autre.',
    );
    expect(stepLabel()).toBe('Étape 1 sur 5 : Motif › Créneau');
    fireEvent.click(await screen.findByRole('button', { name: /à 11:00$/ }));
    expect(client.slots).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer le rendez-vous' }));
    await screen.findByText('Demande de rendez-vous envoyée');
    const [first, second] = vi.mocked(client.createEvent).mock.calls;
    expect(second[0].start).toBe(`${DAY}T11:00:00+01:00`);
    // Another slot is another attempt: another key.
    expect(second[1]).not.toBe(first[1]);
  });

  it('checks sign-up inline with the exact French texts before calling the server', async () => {
    const { client } = fakeClient();
    renderDialog(client);
    await pickReasonAndSlot();
    fireEvent.click(screen.getByRole('button', { name: 'Nouveau compte' }));
    fill('Email', 'alex@');
    fill('Mot de passe', 'un mot de passe long');
    fill('Confirmation du mot de passe', 'un autre');
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(screen.getByText('Veuillez renseigner un email valide')).toBeTruthy();
    expect(screen.getByText('Les mots de passe sont différents')).toBeTruthy();
    expect(screen.getByText('Veuillez accepter les conditions générales d’utilisation')).toBeTruthy();
    expect(screen.getByText('Veuillez accepter la politique de protection des données')).toBeTruthy();
    expect(client.signUp).not.toHaveBeenCalled();
  });

  it('shows the French message of "Account not exist" when signing in inline', async () => {
    const { client } = fakeClient({
      signIn: vi.fn(async () => {
        throw new BookingError(404, 'ACCOUNT_NOT_EXIST', "Aucun compte n'existe avec cet email");
      }),
    });
    renderDialog(client);
    await pickReasonAndSlot();
    fill('Email', 'personne@example.fr');
    fill('Mot de passe', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Aucun compte n'existe avec cet email");
  });

  it('offers to sign in, email filled in, when the sign-up email already has an account', async () => {
    const { client } = fakeClient({
      signUp: vi.fn(async () => {
        throw new BookingError(409, 'EMAIL_ALREADY_EXISTS', 'Un utilisateur avec cet email existe déjà', {
          email: 'Un utilisateur avec cet email existe déjà',
        });
      }),
    });
    renderDialog(client);
    await pickReasonAndSlot();
    fireEvent.click(screen.getByRole('button', { name: 'Nouveau compte' }));
    fireEvent.click(screen.getByLabelText('Madame'));
    fill('Prénom', 'Alex');
    fill('Nom', 'Martin');
    fill('Email', 'alex.martin@example.fr');
    fill('Mot de passe', 'un mot de passe long');
    fill('Confirmation du mot de passe', 'un mot de passe long');
    fill('Téléphone mobile', '06 12 34 56 78');
    fireEvent.click(screen.getByLabelText(/conditions générales d’utilisation/));
    fireEvent.click(screen.getByLabelText(/politique de protection des données/));
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Un utilisateur avec cet email existe déjà. Connectez-vous avec votre mot de passe.',
    );
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('alex.martin@example.fr');
    expect(screen.getByRole('button', { name: 'Déjà inscrit' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('closes on Escape', async () => {
    const { client } = fakeClient();
    const onClose = vi.fn();
    renderDialog(client, onClose);
    await screen.findByLabelText(/Première consultation/);
    fireEvent.keyDown(screen.getByRole('dialog', { hidden: true }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the focus inside: Tab on the last control goes back to the first', async () => {
    const { client } = fakeClient();
    renderDialog(client);
    await screen.findByLabelText(/Première consultation/);
    const dialog = screen.getByRole('dialog', { hidden: true });
    const submit = screen.getByRole('button', { name: 'Choisir un créneau' });
    submit.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fermer' }));
  });
});
