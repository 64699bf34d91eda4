import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderApp } from '../test/render';
import { API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

const days = (counts: number[]) =>
  counts.map((count, i) => ({ start: `2026-11-${String(i + 1).padStart(2, '0')}`, count }));

function setup() {
  const DAY = {
    period: 'day',
    buckets: days([...Array(27).fill(0), 1, 2, 3]),
    total: 6,
    previousTotal: 4,
    thisMonth: 6,
  };
  const WEEK = {
    period: 'week',
    buckets: Array.from({ length: 12 }, (_, i) => ({
      start: `2026-09-${String(i + 1).padStart(2, '0')}`,
      count: i,
    })),
    total: 66,
    previousTotal: 0,
    thisMonth: 6,
  };
  const api = fakeApi([...signedIn(), { path: `${API_USER}/calls`, body: DAY }]);
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/calls?period=week')) {
      await api.fetchMock(input, init); // recorded like the others
      return new Response(JSON.stringify(WEEK), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return api.fetchMock(input, init);
  };
  vi.stubGlobal('fetch', fetchMock);
  return api;
}

describe('calls page /user/appels', () => {
  it('shows the calls of the last 30 days against the 30 before, with the figures in a table', async () => {
    setup();
    renderApp('/user/appels');
    expect(await screen.findByText('6 appels ces 30 derniers jours')).toBeTruthy();
    expect(screen.getByText('+50 % par rapport aux 30 jours précédents (4).')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Appels ces 30 derniers jours' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByText('30 nov.')).toBeTruthy();
  });

  it('switches to weeks', async () => {
    const { calls } = setup();
    renderApp('/user/appels');
    await screen.findByText('6 appels ces 30 derniers jours');
    await userEvent.click(screen.getByRole('button', { name: 'Par semaine' }));
    expect(await screen.findByText('66 appels ces 12 dernières semaines')).toBeTruthy();
    expect(screen.getByText('Aucun appel sur les 12 semaines précédentes.')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.includes('period=week'))).toBe(true));
  });
});
