import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeApi, renderApp } from '../test/render';
import { appointment } from '../test/appointments';

afterEach(() => vi.unstubAllGlobals());

describe('mail link page /user/event-action', () => {
  it('validates with the signed token, without a session, and shows the result', async () => {
    const { fetchMock, calls } = fakeApi([
      {
        path: '/api/v1/event-action',
        body: {
          message: 'Le rendez-vous est validé ; le client reçoit un email de confirmation',
          event: appointment('e1', { status: 'confirmed' }),
        },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/event-action?token=signed.token&action=validate');

    expect(
      await screen.findByText('Le rendez-vous est validé ; le client reçoit un email de confirmation'),
    ).toBeTruthy();
    expect(screen.getByText('Jean Dupont')).toBeTruthy();
    expect(screen.getByText(/8 décembre 2026, 10:00 – 11:00/)).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/event-action?token=signed.token&action=validate']);
    expect(screen.getByRole('link', { name: 'Voir mes rendez-vous' }).getAttribute('href')).toBe(
      '/user/events',
    );
  });

  it('refuses and says so', async () => {
    const { fetchMock } = fakeApi([
      {
        path: '/api/v1/event-action',
        body: {
          message: 'Le rendez-vous est refusé ; le client en est informé',
          event: appointment('e1', { status: 'refused' }),
        },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/event-action?token=t&action=refuse');
    expect(await screen.findByText('Le rendez-vous est refusé ; le client en est informé')).toBeTruthy();
  });

  it('shows the API’s message for an expired link or an appointment already handled', async () => {
    const { fetchMock } = fakeApi([
      {
        path: '/api/v1/event-action',
        status: 400,
        body: {
          statusCode: 400,
          code: 'INVALID_EVENT_ACTION_TOKEN',
          message: 'Ce lien n’est pas valide ou a expiré',
        },
      },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/event-action?token=old&action=validate');
    expect((await screen.findByRole('alert')).textContent).toBe('Ce lien n’est pas valide ou a expiré');
  });

  it('calls nothing when the link lacks its token or action', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/event-action?action=delete');
    expect((await screen.findByRole('alert')).textContent).toBe('Ce lien n’est pas valide ou a expiré');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
