import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { fetchCallUrl } from '@rdv/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SlotAlertConfirmPage, { action } from './slot-alert-confirm';
import type { Route } from './+types/slot-alert-confirm';

function renderPage() {
  const Stub = createRoutesStub([
    {
      path: '/alertes/confirmer',
      Component: (props) => <SlotAlertConfirmPage {...(props as unknown as Route.ComponentProps)} />,
      action: (args) => action(args as unknown as Route.ActionArgs),
    },
  ]);
  return render(<Stub initialEntries={['/alertes/confirmer?token=signe.par.le.site']} />);
}

describe('earlier-slot alert confirmation page /alertes/confirmer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms on a click (not on opening) with the token of the link, and says so', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            message:
              'Votre alerte est confirmée : nous vous écrirons si un créneau se libère plus tôt (un email par jour au plus).',
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Confirmer l’alerte' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer l’alerte' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Votre alerte est confirmée/);
    const [request] = fetchMock.mock.calls[0] as unknown as [Request];
    expect(fetchCallUrl(request)).toBe('/api/v1/slot-alerts/confirm');
    expect(await request.clone().json()).toEqual({ token: 'signe.par.le.site' });
  });

  it('shows the API’s French refusal of an expired link and keeps the button', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              statusCode: 404,
              code: 'SLOT_ALERT_LINK_INVALID',
              message: 'Ce lien est invalide ou a expiré.',
            }),
            { status: 404, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmer l’alerte' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ce lien est invalide ou a expiré.');
    expect(screen.getByRole('button', { name: 'Confirmer l’alerte' })).toBeTruthy();
  });
});
