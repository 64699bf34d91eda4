import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, renderApp } from '../test/render';
import { ACCOUNT, signedIn } from '../test/signedIn';

afterEach(() => vi.unstubAllGlobals());

describe('top bar of the professional space', () => {
  it('shows the professional’s photo once they have one, their initials before', async () => {
    const withPhoto = { ...ACCOUNT, picture: '/media/photos/claire-martin.webp' };
    const { fetchMock } = fakeApi([
      { path: '/api/v1/auth/user/check-logged', body: withPhoto },
      ...signedIn().filter((route) => route.path !== '/api/v1/auth/user/check-logged'),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    const { container, queryClient } = renderApp('/user/dashboard');
    await waitFor(() =>
      expect(container.querySelector('header img')?.getAttribute('src')).toBe(
        '/media/photos/claire-martin.webp',
      ),
    );
    // The photo removed (the settings page updates the session the same way): the initials come back.
    queryClient.setQueryData(['session', 'user'], { ...withPhoto, picture: null });
    await waitFor(() => expect(container.querySelector('header img')).toBeNull());
    expect(screen.getByText('CM')).toBeTruthy();
  });
});
