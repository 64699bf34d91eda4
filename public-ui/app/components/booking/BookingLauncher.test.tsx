import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSector } from '@rdv/sectors';
import { BookingEntry } from '../BookingEntry';
import { rootData } from '../../test-support';
import { profile } from '../../test-directory-fixtures';

const sector = getSector('lawyer');

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The dialog's real client against a stubbed fetch: what it asks /participant/reservation. */
function stubFetch() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const body = url.includes('intent=motives')
      ? {
          ok: true,
          motives: [{ id: 'm1', title: 'Première consultation', durationMinutes: 60, modes: ['visio'] }],
        }
      : url.includes('intent=session')
        ? { ok: true, attendee: null }
        : { ok: true, slots: [], timezone: 'Europe/Paris' };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderEntry(path: string) {
  const p = profile();
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => rootData(),
      HydrateFallback: () => null,
      children: [
        {
          path: 'avocat/:userUri',
          Component: () => <BookingEntry professional={p} sector={sector} selectedSlot={null} />,
        },
      ],
    },
  ]);
  render(<Stub initialEntries={[path]} />);
  return p;
}

describe('booking entry and its lazy dialog', () => {
  it('loads the dialog only on demand and opens it on "Prendre rendez-vous"', async () => {
    const fetchMock = stubFetch();
    const p = renderEntry('/avocat/marie-martin');
    const cta = await screen.findByRole('link', { name: 'Prendre rendez-vous' });
    expect(document.querySelector('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(cta);
    expect((await screen.findByRole('dialog', { hidden: true })).getAttribute('aria-labelledby')).toBe(
      'bd-title',
    );
    await screen.findByLabelText(/Première consultation/);
    expect(fetchMock).toHaveBeenCalledWith(
      `/participant/reservation?intent=motives&userId=${p._id}`,
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    expect(fetchMock).toHaveBeenCalledWith('/participant/reservation?intent=session', expect.anything());
  });

  it('opens by itself on ?rdv=1, the address of the link without JavaScript', async () => {
    stubFetch();
    renderEntry('/avocat/marie-martin?rdv=1');
    await waitFor(() => expect(document.querySelector('dialog')).not.toBeNull());
    expect(document.getElementById('bd-title')?.textContent).toBe('Prendre rendez-vous avec Me Marie Martin');
  });
});
