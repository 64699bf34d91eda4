import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeApi, renderApp } from '../test/render';
import { ACCOUNT, API_USER, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

describe('dashboard /user/dashboard', () => {
  it('leads to my page, my account and my office, naming the office', async () => {
    const api = fakeApi([
      ...signedIn(2),
      {
        path: `${API_USER}/office`,
        body: { office: { name: 'Cabinet Martin & Roux' }, pending_request: null },
      },
      {
        path: `${API_USER}/calls`,
        body: { period: 'month', buckets: [], total: 4, previousTotal: 2, thisMonth: 4 },
      },
    ]);
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp('/user/dashboard');
    expect(await screen.findByText('Cabinet Martin & Roux')).toBeTruthy();
    const office = screen
      .getByRole('heading', { name: 'Mon cabinet' })
      .closest('.MuiCard-root') as HTMLElement;
    expect(within(office).getByRole('link', { name: 'Voir mon cabinet' }).getAttribute('href')).toBe(
      '/user/mon-etude',
    );
    const account = screen
      .getByRole('heading', { name: 'Informations personnelles' })
      .closest('.MuiCard-root') as HTMLElement;
    expect(within(account).getByText(ACCOUNT.email)).toBeTruthy();
    expect(within(account).getByRole('link', { name: 'Gérer mon compte' }).getAttribute('href')).toBe(
      '/user/setting#compte',
    );
    expect(screen.getByRole('link', { name: 'Voir ma page publique' })).toBeTruthy();
    expect(screen.queryByText('Bientôt disponible')).toBeNull();
  });
});
