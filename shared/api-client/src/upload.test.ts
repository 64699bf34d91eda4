import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, uploadFile } from './index.js';

/** A stand-in XMLHttpRequest: records what the helper sends and lets the test drive progress and the answer. */
class FakeXhr {
  static last: FakeXhr;
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

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

const file = () => new File(['%PDF-1.4'], 'Bail signé.pdf', { type: 'application/pdf' });

describe('uploadFile', () => {
  it('sends the file as multipart with the session headers and reports real progress until the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const done = uploadFile<{ id: string }>({
      url: '/api/v1/folders/f1/documents',
      file: file(),
      fields: { title: 'Palais' },
      headers: () => ({ 'x-rdv-session': 'user' }),
      onProgress: (fraction) => progress.push(fraction),
    });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/folders/f1/documents');
    expect(xhr.headers['x-rdv-session']).toBe('user');
    expect(xhr.headers['x-request-id']).toBeTruthy();
    expect(xhr.headers['content-type']).toBeUndefined(); // the browser sets the multipart boundary
    expect(xhr.body?.get('title')).toBe('Palais');
    expect((xhr.body?.get('file') as File).name).toBe('Bail signé.pdf');
    xhr.progress(250, 1000);
    xhr.progress(1000, 1000);
    xhr.answer(201, { id: 'd1' });
    await expect(done).resolves.toEqual({ id: 'd1' });
    expect(progress).toEqual([0, 0.25, 1, 1]);
  });

  it('turns a refusal into the ApiError the apps show (French message, code)', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadFile({ url: '/api/v1/users/u1/picture', method: 'PUT', file: file() });
    FakeXhr.last.answer(413, {
      statusCode: 413,
      code: 'IMAGE_TOO_LARGE',
      message: 'L’image dépasse la taille maximale de 5 Mo.',
    });
    const error = await done.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 413,
      code: 'IMAGE_TOO_LARGE',
      message: 'L’image dépasse la taille maximale de 5 Mo.',
    });
    expect(FakeXhr.last.method).toBe('PUT');
  });

  it('reports a network failure as status 0 and an abort as an AbortError', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const failed = uploadFile({ url: '/x', file: file() });
    FakeXhr.last.onerror?.();
    await expect(failed).rejects.toMatchObject({ status: 0, isNetworkFailure: true });

    const controller = new AbortController();
    const aborted = uploadFile({ url: '/x', file: file(), signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
