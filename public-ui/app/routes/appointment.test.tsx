import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import AppointmentPage from './appointment';
import EventsResponses from './events-responses';
import { rootData } from '../test-support';

const professional = {
  _id: 'p1',
  civility: 'Mme',
  first_name: 'Claire',
  last_name: 'Durand',
  userUri: 'claire-durand',
  office: 'Cabinet Durand',
  telephone: null,
};

const appointment = {
  _id: 'e1',
  id_event: 'e1',
  refAppointment: 'ABCDEFGHIJKLMNOP',
  status: 'confirmed',
  mode: 'in_person',
  start: '2030-01-10T09:00:00+01:00',
  end: '2030-01-10T10:00:00+01:00',
  timezone: 'Europe/Paris',
  title: null,
  location: '3 rue Mercière, 69002 Lyon',
  visioUrl: null,
  notes: null,
  user_id: 'p1',
  professional,
  motive: { id: 'm1', title: 'Première consultation' },
  attendee_id: 'a1',
  cancelledBy: null,
  refusalReason: null,
  cancellable: true,
  createdAt: '2029-12-01T10:00:00Z',
};

function renderAt(path: string, child: Record<string, unknown>) {
  const Stub = createRoutesStub([
    { id: 'root', path: '/', loader: () => rootData(), HydrateFallback: () => null, children: [child] },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe('appointment page', () => {
  it('shows the details, the address and the calendar link', async () => {
    renderAt('/appointments/ABCDEFGHIJKLMNOP', {
      path: 'appointments/:refAppointment',
      Component: AppointmentPage,
      loader: () => ({ appointment }),
    });
    expect((await screen.findByRole('heading', { level: 2, name: /2030/ })).textContent).toBe(
      'Jeudi 10 janvier 2030 à 09:00 – 10:00',
    );
    expect(screen.getByText('Confirmé')).toBeTruthy();
    expect(screen.getByText('Au cabinet')).toBeTruthy();
    expect(screen.getByText('3 rue Mercière, 69002 Lyon', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ajouter à mon agenda' }).getAttribute('href')).toBe(
      '/api/v1/appointments/ABCDEFGHIJKLMNOP/ics',
    );
  });

  it('asks for confirmation, cancels, then says the lawyer has been informed', async () => {
    let status = 'confirmed';
    renderAt('/appointments/ABCDEFGHIJKLMNOP', {
      path: 'appointments/:refAppointment',
      Component: AppointmentPage,
      loader: () => ({ appointment: { ...appointment, status, cancellable: status === 'confirmed' } }),
      action: () => {
        status = 'cancelled';
        return { cancelled: true, message: "Le rendez-vous a bien été annulé et l'avocat a été informé" };
      },
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Annuler le rendez-vous' }));
    expect(await screen.findByRole('heading', { name: 'Annuler ce rendez-vous ?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Oui, annuler le rendez-vous' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      "Le rendez-vous a bien été annulé et l'avocate a été informée",
    );
    expect(await screen.findByText('Annulé')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ajouter à mon agenda' })).toBeNull();
    // the confirmation is brought into view and focused (on a phone the form was below the fold)
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it('offers "Rejoindre la visio" only once the professional has confirmed', async () => {
    const visio = { ...appointment, mode: 'visio' as const, visioUrl: 'https://visio.example.fr/salle-42' };
    renderAt('/appointments/ABCDEFGHIJKLMNOP', {
      path: 'appointments/:refAppointment',
      Component: AppointmentPage,
      loader: () => ({ appointment: { ...visio, status: 'pending', cancellable: true } }),
    });
    expect(await screen.findByText('Le lien sera disponible une fois le rendez-vous confirmé.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Rejoindre la visio' })).toBeNull();
    cleanup();
    renderAt('/appointments/ABCDEFGHIJKLMNOP', {
      path: 'appointments/:refAppointment',
      Component: AppointmentPage,
      loader: () => ({ appointment: { ...visio, status: 'confirmed', cancellable: true } }),
    });
    const link = await screen.findByRole('link', { name: 'Rejoindre la visio' });
    expect(link.getAttribute('href')).toBe('https://visio.example.fr/salle-42');
  });

  it('lists the documents the signed-in client already sent, each a download link; asks anyone else to sign in', async () => {
    renderAt('/appointments/ABCDEFGHIJKLMNOP', {
      path: 'appointments/:refAppointment',
      Component: AppointmentPage,
      loader: () => ({
        appointment: { ...appointment, status: 'confirmed', cancellable: true },
        sent: {
          signedIn: true,
          folderId: 'f1',
          documents: [{ id: 'd1', label: 'Jugement.pdf', created_at: '2026-11-20T10:00:00.000Z' }],
        },
      }),
    });
    const link = await screen.findByRole('link', { name: 'Jugement.pdf' });
    expect(link.getAttribute('href')).toBe('/participant/documents/f1/d1');
    cleanup();
    renderAt('/appointments/ABCDEFGHIJKLMNOP', {
      path: 'appointments/:refAppointment',
      Component: AppointmentPage,
      loader: () => ({
        appointment: { ...appointment, status: 'confirmed', cancellable: true },
        sent: { signedIn: false },
      }),
    });
    expect(await screen.findByRole('link', { name: 'Connectez-vous' })).toBeTruthy();
    expect(screen.queryByText('Jugement.pdf')).toBeNull();
  });

  it('a cancelled visio appointment no longer promises a link, and takes no documents', async () => {
    renderAt('/appointments/ABCDEFGHIJKLMNOP', {
      path: 'appointments/:refAppointment',
      Component: AppointmentPage,
      loader: () => ({
        appointment: { ...appointment, mode: 'visio', status: 'cancelled', cancellable: false },
      }),
    });
    expect(await screen.findByText('Pas de visio : ce rendez-vous n’aura pas lieu.')).toBeTruthy();
    expect(screen.queryByText(/Le lien sera disponible/)).toBeNull();
    expect(screen.queryByRole('heading', { name: /Documents à transmettre/ })).toBeNull();
  });

  it('moves with the booking dialog’s slot picker (no native list), and keeps the confirmed time meanwhile', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        asked.push(String(input));
        return new Response(
          JSON.stringify({
            ok: true,
            timezone: 'Europe/Paris',
            slots: [
              { start: '2030-01-11T10:00:00+01:00', end: '2030-01-11T11:00:00+01:00' },
              { start: '2030-01-11T11:00:00+01:00', end: '2030-01-11T12:00:00+01:00' },
            ],
          }),
          { headers: { 'content-type': 'application/json' } },
        );
      }),
    );
    let sent: string | undefined;
    renderAt('/appointments/ABCDEFGHIJKLMNOP?deplacer', {
      path: 'appointments/:refAppointment',
      Component: AppointmentPage,
      loader: () => ({ appointment, movable: true }),
      action: async ({ request }: { request: Request }) => {
        sent = String((await request.formData()).get('start'));
        return {
          rescheduled: true,
          rescheduleMessage:
            "Votre demande de déplacement a été transmise. Votre rendez-vous reste confirmé à son horaire actuel tant que l'avocate n’a pas accepté le nouveau créneau.",
        };
      },
    });
    expect(await screen.findByText(/reste confirmé à son horaire actuel tant que/)).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    const submit = screen.getByRole('button', { name: 'Demander ce créneau' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Vendredi 11 janvier 2030 à 11:00' }));
    expect(asked[0]).toContain('intent=slots');
    expect(asked[0]).toContain('motiveId=m1');
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect((await screen.findByText(/Votre demande de déplacement a été transmise/)).textContent).toContain(
      'reste confirmé',
    );
    expect(sent).toBe('2030-01-11T11:00:00+01:00');
    vi.unstubAllGlobals();
  });

  it('says a move awaits the professional while the appointment stays confirmed', async () => {
    renderAt('/appointments/ABCDEFGHIJKLMNOP', {
      path: 'appointments/:refAppointment',
      Component: AppointmentPage,
      loader: () => ({
        appointment: {
          ...appointment,
          proposal: { start: '2030-01-11T11:00:00+01:00', end: '2030-01-11T12:00:00+01:00' },
        },
        movable: true,
      }),
    });
    expect((await screen.findByText(/Vous avez demandé à déplacer/)).textContent).toBe(
      "Vous avez demandé à déplacer ce rendez-vous au Vendredi 11 janvier 2030 à 11:00. Tant que l'avocate n’a pas accepté, votre rendez-vous reste confirmé à l’horaire ci-dessus.",
    );
    expect(screen.getByText('Confirmé')).toBeTruthy();
  });

  it('sends a document to the lawyer through the streaming upload and says where it went', async () => {
    const sent: Array<{ url: string; body: FormData; answer: (status: number, body: unknown) => void }> = [];
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        upload = {};
        status = 0;
        responseText = '';
        onload?: () => void;
        url = '';
        open(_method: string, url: string) {
          this.url = url;
        }
        setRequestHeader() {}
        send(body: FormData) {
          sent.push({
            url: this.url,
            body,
            answer: (status, answer) => {
              this.status = status;
              this.responseText = JSON.stringify(answer);
              this.onload?.();
            },
          });
        }
        abort() {}
      },
    );
    renderAt('/appointments/ABCDEFGHIJKLMNOP', {
      path: 'appointments/:refAppointment',
      Component: AppointmentPage,
      loader: () => ({ appointment }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Documents à transmettre à votre avocate' }),
    ).toBeTruthy();
    const input = screen.getByLabelText('Document') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4'], 'bail.pdf', { type: 'application/pdf' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le document' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe('/documents/envoi?rendez-vous=ABCDEFGHIJKLMNOP');
    sent[0]!.answer(200, { ok: true, message: 'Document envoyé.', label: 'Bail' });
    expect((await screen.findByText(/Document « Bail » transmis/)).textContent).toBe(
      'Document « Bail » transmis. Il est dans votre dossier, visible par vous et votre avocate.',
    );
    vi.unstubAllGlobals();
  });
});

describe('availabilities answer page', () => {
  const view = {
    id_event: 'e1',
    status: 'pending',
    mode: 'visio',
    start: '2030-01-10T09:00:00+01:00',
    end: '2030-01-10T10:00:00+01:00',
    timezone: 'Europe/Paris',
    professional,
    motive: null,
    requestMessage: 'Le créneau ne me convient plus, quand êtes-vous disponible ?',
    requestedAt: '2029-12-01T10:00:00Z',
    open: true,
    responses: [],
  };

  it('lets the attendee add ranges and shows the spec message once sent', async () => {
    renderAt('/events-responses/e1', {
      path: 'events-responses/:id_event',
      Component: EventsResponses,
      loader: () => ({ view, today: '2029-12-02' }),
      action: () => ({
        sent: true,
        message:
          "Vos disponibilités ont bien été prises en compte. Vous recevrez un email de confirmation dès que l'avocat aura validé le rendez-vous",
      }),
    });
    expect(await screen.findByText(view.requestMessage)).toBeTruthy();
    expect(screen.getAllByRole('group', { name: /^Disponibilité \d$/ })).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une disponibilité' }));
    expect(screen.getAllByRole('group', { name: /^Disponibilité \d$/ })).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer mes disponibilités' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      "Vos disponibilités ont bien été prises en compte. Vous recevrez un email de confirmation dès que l'avocat aura validé le rendez-vous",
    );
  });
});
