import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { alertWindow, SlotAlertForm } from './SlotAlertForm';

const NOW = Date.parse('2026-11-25T10:00:00Z');

describe('earlier-slot alert', () => {
  it('is offered when the first free slot is more than three days away, or when there is none', () => {
    expect(alertWindow('2026-11-26T09:00:00+01:00', NOW)).toBeNull();
    expect(alertWindow('2026-12-10T09:00:00+01:00', NOW)).toBe('2026-12-10T08:00:00.000Z');
    expect(alertWindow(undefined, NOW)).toBe('2026-12-25T10:00:00.000Z');
  });

  it('posts the email with the professional and the slot to wait before, then asks to confirm from the mail', async () => {
    let sent: FormData | undefined;
    const Stub = createRoutesStub([
      {
        path: '/avocat/claire-martin',
        Component: () => <SlotAlertForm userId="u-1" before="2026-12-10T08:00:00.000Z" />,
        action: async ({ request }) => {
          sent = await request.formData();
          return {
            alertMessage:
              'Vérifiez votre boîte mail pour confirmer l’alerte : nous vous écrirons ensuite si un créneau se libère plus tôt (un email par jour au plus).',
          };
        },
      },
    ]);
    render(<Stub initialEntries={['/avocat/claire-martin']} />);
    fireEvent.click(await screen.findByText(/Soyez prévenu\(e\) si un créneau se libère plus tôt/));
    fireEvent.change(screen.getByLabelText('Votre email'), { target: { value: 'julien@example.fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Me prévenir' }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^Vérifiez votre boîte mail pour confirmer l’alerte/,
    );
    expect(sent?.get('intent')).toBe('slot-alert');
    expect(sent?.get('userId')).toBe('u-1');
    expect(sent?.get('before')).toBe('2026-12-10T08:00:00.000Z');
    expect(sent?.get('email')).toBe('julien@example.fr');
  });

  it('shows the refusal in French and keeps the form open', async () => {
    const Stub = createRoutesStub([
      {
        path: '/p',
        Component: () => (
          <SlotAlertForm
            userId="u-1"
            before="2026-12-10T08:00:00.000Z"
            submitted={{ alertError: 'Veuillez renseigner un email valide' }}
          />
        ),
      },
    ]);
    render(<Stub initialEntries={['/p']} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Veuillez renseigner un email valide');
  });
});
