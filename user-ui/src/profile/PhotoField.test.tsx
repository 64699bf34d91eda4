import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeRoute } from '../test/render';
import { PHOTO_MESSAGES, PhotoField } from './PhotoField';

afterEach(() => vi.unstubAllGlobals());

const USER_ID = '11111111-1111-4111-8111-111111111111';
const PHOTO_URL = '/api/v1/media/0123456789abcdef0123456789abcdef-400.webp';
const USER = { _id: USER_ID, email: 'claire.martin@example.fr', first_name: 'Claire', last_name: 'Martin' };
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function setup(picture: string | null, routes: FakeRoute[] = []) {
  const { fetchMock, calls } = fakeApi(routes);
  vi.stubGlobal('fetch', vi.fn(fetchMock));
  const onChange = vi.fn();
  render(<PhotoField userId={USER_ID} picture={picture} name="Claire Martin" onChange={onChange} />);
  return { calls, onChange, user: userEvent.setup() };
}

const fileInput = () => screen.getByLabelText('Changer la photo', { selector: 'input' }) as HTMLInputElement;

describe('PhotoField', () => {
  it('shows the initials and no delete button when there is no photo', () => {
    setup(null);
    expect(screen.getByText('CM')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Changer la photo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Supprimer la photo' })).toBeNull();
  });

  it('shows the current photo with the professional’s name as alt text', () => {
    setup(PHOTO_URL);
    expect(screen.getByRole('img', { name: 'Claire Martin' }).getAttribute('src')).toBe(PHOTO_URL);
  });

  it('uploads a chosen PNG as a data URL and hands the updated account to onChange', async () => {
    const updated = { ...USER, picture: PHOTO_URL };
    const { calls, onChange, user } = setup(null, [
      { method: 'PUT', path: `/api/v1/users/${USER_ID}/picture`, body: updated },
    ]);
    await user.upload(fileInput(), new File([PNG_BYTES], 'moi.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Recadrer et enregistrer' }));

    expect(await screen.findByText(PHOTO_MESSAGES.uploaded)).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe(`/api/v1/users/${USER_ID}/picture`);
    expect(put?.body).toEqual({ data: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(put?.headers.get('x-rdv-session')).toBe('user');
    expect(onChange).toHaveBeenCalledWith(updated);
  });

  it('opens the crop dialog on a chosen photo and sends nothing when it is cancelled', async () => {
    const { calls, onChange, user } = setup(null);
    await user.upload(fileInput(), new File([PNG_BYTES], 'moi.png', { type: 'image/png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recadrer la photo' });
    expect(within(dialog).getByRole('slider', { name: 'Zoom' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a file over 5 MB before sending anything', async () => {
    const { calls, onChange, user } = setup(null);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.jpg', { type: 'image/jpeg' });
    await user.upload(fileInput(), big);
    expect(screen.getByRole('alert').textContent).toBe(PHOTO_MESSAGES.tooLarge);
    expect(calls).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses an image type the site does not accept (GIF) before sending anything', async () => {
    const { calls, user } = setup(null);
    await user.upload(
      fileInput(),
      new File([new Uint8Array([0x47, 0x49, 0x46])], 'anim.gif', { type: 'image/gif' }),
    );
    expect(screen.getByRole('alert').textContent).toBe(PHOTO_MESSAGES.wrongType);
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s French refusal and keeps the current photo', async () => {
    const { onChange, user } = setup(PHOTO_URL, [
      {
        method: 'PUT',
        path: `/api/v1/users/${USER_ID}/picture`,
        status: 400,
        body: {
          statusCode: 400,
          code: 'IMAGE_TOO_SMALL',
          message: 'L’image est trop petite : au moins 100 pixels de large et de haut.',
        },
      },
    ]);
    await user.upload(fileInput(), new File([PNG_BYTES], 'minuscule.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Recadrer et enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'L’image est trop petite : au moins 100 pixels de large et de haut.',
    );
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Claire Martin' })).toBeTruthy();
  });

  it('says in French when the request body is over the server limit', async () => {
    const { user } = setup(null, [
      {
        method: 'PUT',
        path: `/api/v1/users/${USER_ID}/picture`,
        status: 413,
        body: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
      },
    ]);
    await user.upload(fileInput(), new File([PNG_BYTES], 'moi.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Recadrer et enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PHOTO_MESSAGES.tooLarge);
  });

  it('“Supprimer la photo” sends DELETE and hands back the account without photo', async () => {
    const cleared = { ...USER, picture: null };
    const { calls, onChange, user } = setup(PHOTO_URL, [
      { method: 'DELETE', path: `/api/v1/users/${USER_ID}/picture`, body: cleared },
    ]);
    await user.click(screen.getByRole('button', { name: 'Supprimer la photo' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(cleared));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `DELETE /api/v1/users/${USER_ID}/picture`,
    ]);
    expect(await screen.findByText(PHOTO_MESSAGES.removed)).toBeTruthy();
  });
});
