import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCallUrl } from '@rdv/api-client';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';

afterEach(() => vi.unstubAllGlobals());

const HASH = '0123456789abcdef0123456789abcdef';
const IMAGE = {
  id: 7,
  title: 'Palais de justice',
  alt: 'Façade du palais de justice',
  src: `/api/v1/media/${HASH}.webp`,
  thumbnail: `/api/v1/media/${HASH}-400.webp`,
  width: 1600,
  height: 900,
  createdAt: '2026-05-04T10:00:00.000Z',
  updatedAt: '2026-05-04T10:00:00.000Z',
};

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** The admin images API (backend/src/modules/media) as far as these screens need it. */
function mockApi() {
  const calls: Call[] = [];
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request, init: RequestInit = {}) => {
      const url = fetchCallUrl(input);
      const method = (init.method ?? 'GET').toUpperCase();
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/v1/auth/admin/check-logged'))
        return json({ _id: 'a1', email: 'admin@example.fr' });
      const path = url.split('?')[0];
      if (path === '/api/v1/admin/images' && method === 'GET')
        return json([IMAGE], 200, { 'Content-Range': 'images 0-0/1' });
      if (path === '/api/v1/admin/images' && method === 'POST') {
        const body = JSON.parse(String(init.body)) as { title: string; alt: string };
        return json({ ...IMAGE, id: 8, title: body.title, alt: body.alt }, 201);
      }
      if (path === '/api/v1/admin/images/7' && method === 'GET') return json(IMAGE);
      if (path === '/api/v1/admin/images/8' && method === 'GET') return json({ ...IMAGE, id: 8 });
      return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Introuvable' }, 404);
    }),
  );
  return calls;
}

describe('Images (admin)', () => {
  it('lists each image with its 400 px thumbnail, alt text and size', async () => {
    mockApi();
    window.history.replaceState(null, '', '/admin/images');
    render(<App />);

    expect(await screen.findByText('Palais de justice')).toBeTruthy();
    const preview = screen.getByRole('img', { name: 'Façade du palais de justice' });
    expect(preview.getAttribute('src')).toBe(IMAGE.thumbnail);
    expect(screen.getByText('Largeur (px)')).toBeTruthy();
    expect(screen.getByText(/^1\D?600$/)).toBeTruthy();
  });

  it('shows the full image and its address', async () => {
    mockApi();
    window.history.replaceState(null, '', '/admin/images/7/show');
    render(<App />);

    const image = await screen.findByRole('img', { name: 'Façade du palais de justice' });
    expect(image.getAttribute('src')).toBe(IMAGE.src);
    expect(screen.getByRole('link', { name: IMAGE.src })).toBeTruthy();
  });

  it('uploads a new image as multipart (title, alt, then the file) with a progress bar of the bytes sent', async () => {
    mockApi();
    const sent: {
      method: string;
      url: string;
      body: FormData;
      xhr: { upload: { onprogress: ((e: object) => void) | null } };
    }[] = [];
    class FakeXhr {
      upload: { onprogress: ((e: object) => void) | null } = { onprogress: null };
      method = '';
      url = '';
      withCredentials = false;
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader() {}
      send(body: FormData) {
        sent.push({ method: this.method, url: this.url, body, xhr: this });
      }
      abort() {}
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    window.history.replaceState(null, '', '/admin/images/create');
    const { container } = render(<App />);
    const user = userEvent.setup();

    const title = await screen.findByLabelText(/Titre/);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'palais.png', {
      type: 'image/png',
    });
    await user.upload(input, png);
    await user.type(title, 'Palais');
    await user.type(screen.getByLabelText(/Texte alternatif/), 'Façade');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    const post = sent[0];
    expect(post.method).toBe('POST');
    expect(post.url).toMatch(/\/api\/v1\/admin\/images$/);
    expect(post.body.get('title')).toBe('Palais');
    expect(post.body.get('alt')).toBe('Façade');
    expect((post.body.get('file') as File).name).toBe('palais.png');
    act(() => post.xhr.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 100 }));
    expect(
      (await screen.findByRole('progressbar', { name: 'Envoi de l’image' })).getAttribute('aria-valuenow'),
    ).toBe('30');
  });
});
