import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, createQueryClient } from '../AppProviders';
import { fakeApi } from '../test/render';
import { TeamMessagingCard } from './TeamMessagingCard';

afterEach(() => vi.unstubAllGlobals());

const USER = '11111111-1111-4111-8111-111111111111';

function renderCard(settings: object) {
  const { fetchMock } = fakeApi([
    {
      path: `/api/v1/users/${USER}/chat-settings`,
      body: {
        webhookUrl: null,
        messageTemplate: null,
        enabled: true,
        defaultTemplate:
          'Nouvelle demande de {{attendee.name}} le {{appointment.date}} à {{appointment.time}}',
        // As the API names them (the form has no list of its own).
        variables: [
          { name: 'attendee.name', label: 'Nom du client' },
          { name: 'appointment.date', label: 'Date du rendez-vous' },
          { name: 'appointment.time', label: 'Heure' },
        ],
        teamId: '22222222-2222-4222-8222-222222222222',
        ...settings,
      },
    },
  ]);
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <TeamMessagingCard userId={USER} />
    </AppProviders>,
  );
}

describe('team messaging card', () => {
  it('is off while the office has no webhook, and says what to do first', async () => {
    renderCard({ webhookUrl: null, enabled: true });
    const toggle = await screen.findByRole('switch', { name: /renseignez d’abord l’adresse du webhook/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    await userEvent.type(
      screen.getByLabelText(/URL du webhook entrant/),
      'https://hooks.slack.com/services/T/B/x',
    );
    const ready = screen.getByRole('switch', {
      name: 'Prévenir l’équipe à chaque nouvelle demande de rendez-vous',
    });
    expect((ready as HTMLInputElement).disabled).toBe(false);
    // The first webhook typed turns it on; the professional may still turn it off.
    expect((ready as HTMLInputElement).checked).toBe(true);
  });

  it('names the message’s variables in words and puts one in the message on a click', async () => {
    renderCard({ webhookUrl: 'https://hooks.slack.com/services/T/B/x', enabled: true });
    const message = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    expect(message.placeholder).toBe(
      'Nouvelle demande de « Nom du client » le « Date du rendez-vous » à « Heure »',
    );
    expect(document.body.textContent).not.toContain('{{');
    await userEvent.type(message, 'Demande de ');
    await userEvent.click(screen.getByRole('button', { name: 'Nom du client' }));
    expect(message.value).toBe('Demande de {{attendee.name}}');
  });
});
