import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeRoute } from '../test/render';
import { PHOTO_MESSAGES, PhotoField } from './PhotoField';

afterEach(() => vi.unstubAllGlobals());

/** The browser's XMLHttpRequest as the upload sees it: records the request; the test drives progress and the answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  withCredentials = false;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {}
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

async function nextUpload(): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.sent.length).toBeGreaterThan(0));
  return FakeXhr.sent.shift()!;
}

const USER_ID = '11111111-1111-4111-8111-111111111111';
const PHOTO_URL = '/api/v1/media/0123456789abcdef0123456789abcdef-400.webp';
const USER = { _id: USER_ID, email: 'claire.martin@example.fr', first_name: 'Claire', last_name: 'Martin' };
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function setup(picture: string | null, routes: FakeRoute[] = []) {
  const { fetchMock, calls } = fakeApi(routes);
  vi.stubGlobal('fetch', vi.fn(fetchMock));
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
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

  it('uploads the cropped photo as multipart with a progress bar of the bytes sent, then hands the account to onChange', async () => {
    const updated = { ...USER, picture: PHOTO_URL };
    const { onChange, user } = setup(null);
    await user.upload(fileInput(), new File([PNG_BYTES], 'moi.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Recadrer et enregistrer' }));

    const put = await nextUpload();
    expect(put.method).toBe('PUT');
    expect(put.url).toBe(`/api/v1/users/${USER_ID}/picture`);
    expect(put.headers['x-rdv-session']).toBe('user');
    expect(put.body?.get('file')).toBeInstanceOf(Blob);
    act(() => put.progress(40, 100));
    // the crop dialog closes with a transition: wait until the page is no longer hidden behind it
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const bar = await screen.findByRole('progressbar', { name: 'Envoi de la photo' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Envoi de la photo : 40 %')).toBeTruthy();
    act(() => put.progress(100, 100));
    expect(screen.getByText('Envoi de la photo : vérification…')).toBeTruthy();
    act(() => put.answer(200, updated));

    expect(await screen.findByText(PHOTO_MESSAGES.uploaded)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
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
    const { onChange, user } = setup(PHOTO_URL);
    await user.upload(fileInput(), new File([PNG_BYTES], 'minuscule.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Recadrer et enregistrer' }));
    const put = await nextUpload();
    act(() =>
      put.answer(400, {
        statusCode: 400,
        code: 'IMAGE_TOO_SMALL',
        message: 'L’image est trop petite : au moins 100 pixels de large et de haut.',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'L’image est trop petite : au moins 100 pixels de large et de haut.',
    );
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Claire Martin' })).toBeTruthy();
  });

  it('says in French when the request body is over the server limit', async () => {
    const { user } = setup(null);
    await user.upload(fileInput(), new File([PNG_BYTES], 'moi.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Recadrer et enregistrer' }));
    const put = await nextUpload();
    act(() =>
      put.answer(413, { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' }),
    );
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
