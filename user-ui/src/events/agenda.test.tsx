import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { appointment } from '../test/appointments';
import { fakeApi, renderApp } from '../test/render';
import { API_USER, signedIn } from '../test/signedIn';
import {
  appointmentsToEvents,
  busyToEvents,
  initialAgendaView,
  readShowBusyTitles,
  SHOW_BUSY_TITLES_KEY,
  writeShowBusyTitles,
} from './agenda';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const COLORS = { pending: '#ed6c02', confirmed: '#1f3a5f' };
const BUSY = [
  {
    start: '2026-12-08T12:00:00.000Z',
    end: '2026-12-08T13:00:00.000Z',
    title: 'Audience TJ Lyon',
    source: 'caldav',
    calendar: 'Cabinet',
  },
  {
    start: '2026-12-08T15:00:00.000Z',
    end: '2026-12-08T16:00:00.000Z',
    title: null,
    source: 'google',
    calendar: null,
  },
];

describe('agenda view choice', () => {
  it('opens on the day on a phone and on the week from 768 px', () => {
    expect(initialAgendaView(390)).toBe('timeGridDay');
    expect(initialAgendaView(767)).toBe('timeGridDay');
    expect(initialAgendaView(768)).toBe('timeGridWeek');
    expect(initialAgendaView(1366)).toBe('timeGridWeek');
  });
});

describe('busy events of the other calendars', () => {
  it('are greyed, fixed and say "Occupé" unless the professional chose to see titles', () => {
    const hidden = busyToEvents(BUSY, false);
    expect(hidden.map((e) => e.title)).toEqual(['Occupé', 'Occupé']);
    expect(hidden.every((e) => !e.editable && e.color === '#9e9e9e')).toBe(true);
    // a source without title stays "Occupé" even with titles on
    expect(busyToEvents(BUSY, true).map((e) => e.title)).toEqual(['Audience TJ Lyon', 'Occupé']);
  });

  it('remembers the titles choice in this browser, off by default', () => {
    expect(readShowBusyTitles()).toBe(false);
    writeShowBusyTitles(true);
    expect(localStorage.getItem(SHOW_BUSY_TITLES_KEY)).toBe('1');
    expect(readShowBusyTitles()).toBe(true);
  });

  it('appointments that hold a slot can be dragged; a client’s requested new time shows, fixed, beside the confirmed one', () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const futureEnd = new Date(Date.now() + 90_000_000).toISOString();
    const entries = appointmentsToEvents(
      [
        appointment('e1', { start: future, end: futureEnd }),
        appointment('e2', {
          status: 'confirmed',
          start: future,
          end: futureEnd,
          proposal: { start: '2027-01-05T09:00:00.000Z', end: '2027-01-05T10:00:00.000Z' },
        }),
        appointment('e3', { status: 'cancelled' }),
      ],
      COLORS,
    );
    expect(entries.map((e) => [e.id, e.editable, e.color])).toEqual([
      ['e1', true, COLORS.pending],
      ['e2', true, COLORS.confirmed],
      ['proposal-e2', false, COLORS.pending],
    ]);
    expect(entries[2]!.title).toBe('Déplacement demandé · Jean Dupont');
  });
});

describe('agenda page', () => {
  it('shows the external busy events greyed beside the appointments, with their titles once asked', async () => {
    vi.setSystemTime(new Date('2026-12-08T07:00:00.000Z'));
    const api = fakeApi([
      ...signedIn(1),
      {
        path: `${API_USER}/events`,
        body: { data: [appointment('e1', { status: 'confirmed' })], total: 1, page: 1, limit: 100 },
      },
      { path: `${API_USER}/busy-events`, body: BUSY },
    ]);
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp('/user/events?vue=agenda');
    expect((await screen.findAllByText('Occupé')).length).toBe(2);
    expect(screen.getByText(/Jean Dupont/)).toBeTruthy();
    expect(screen.queryByText('Audience TJ Lyon')).toBeNull();
    const busyCall = api.calls.find((c) => c.url.includes('/busy-events'));
    // the week of 8 December, Monday to Monday in Paris
    expect(busyCall?.url).toContain('from=2026-12-06T23%3A00%3A00.000Z&to=2026-12-13T23%3A00%3A00.000Z');
    fireEvent.click(screen.getByLabelText('Afficher les titres de mes autres agendas'));
    await waitFor(() => expect(screen.getByText('Audience TJ Lyon')).toBeTruthy());
    expect(localStorage.getItem(SHOW_BUSY_TITLES_KEY)).toBe('1');
    vi.useRealTimers();
  });
});

describe('agenda on a phone', () => {
  it('opens on the day (the week’s seven columns cannot show names at 390 px)', async () => {
    vi.setSystemTime(new Date('2026-12-08T07:00:00.000Z'));
    vi.stubGlobal('innerWidth', 390);
    const api = fakeApi([
      ...signedIn(1),
      { path: `${API_USER}/events`, body: { data: [], total: 0, page: 1, limit: 100 } },
      { path: `${API_USER}/busy-events`, body: [] },
    ]);
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp('/user/events?vue=agenda');
    await waitFor(() => expect(api.calls.some((c) => c.url.includes('/busy-events'))).toBe(true));
    const busyCall = api.calls.find((c) => c.url.includes('/busy-events'));
    expect(busyCall?.url).toContain('from=2026-12-07T23%3A00%3A00.000Z&to=2026-12-08T23%3A00%3A00.000Z');
    expect(screen.getByRole('tab', { name: 'Affichage Jour', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Affichage Mois', selected: false })).toBeTruthy();
    vi.useRealTimers();
  });
});
