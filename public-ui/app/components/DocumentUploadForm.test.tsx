import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentUploadForm } from './DocumentUploadForm';

interface Sent {
  method: string;
  url: string;
  body: FormData;
  xhr: FakeXhr;
}
let sent: Sent[] = [];

/** The browser's XMLHttpRequest as uploadFile uses it: the test plays the upload events and the answer. */
class FakeXhr {
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  ontimeout?: () => void;
  status = 0;
  responseText = '';
  withCredentials = false;
  method = '';
  url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    sent.push({ method: this.method, url: this.url, body, xhr: this });
  }
  abort() {}
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function renderForm(target: { refAppointment: string } | { folderId: string } = { folderId: 'f1' }) {
  const Stub = createRoutesStub([
    {
      path: '/',
      loader: () => null,
      HydrateFallback: () => null,
      Component: () => (
        <DocumentUploadForm
          target={target}
          inputId="document"
          label="Document"
          successMessage={(label) => `Document « ${label} » envoyé.`}
        />
      ),
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

const pick = async (file: File) =>
  fireEvent.change(await screen.findByLabelText('Document'), { target: { files: [file] } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sent = [];
});

describe('DocumentUploadForm', () => {
  it('streams the file as multipart to the site’s upload route with a progress bar of the bytes sent, then says it went', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderForm({ refAppointment: 'ABCDEFGHIJKLMNOP' });
    await pick(new File(['%PDF-1.4'], 'bail.pdf', { type: 'application/pdf' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer le document' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe('/documents/envoi?rendez-vous=ABCDEFGHIJKLMNOP');
    expect((sent[0]!.body.get('file') as File).name).toBe('bail.pdf');
    expect(screen.getByRole('button', { name: 'Envoi…' })).toHaveProperty('disabled', true);

    act(() => sent[0]!.xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Envoi du document' }).getAttribute('value')).toBe('40');
    expect(screen.getByText('Envoi du document : 40 %')).toBeTruthy();
    act(() => sent[0]!.xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 }));
    expect(screen.getByText('Envoi du document : vérification…')).toBeTruthy();

    act(() => sent[0]!.xhr.answer(200, { ok: true, message: 'Document envoyé.', label: 'Bail' }));
    expect((await screen.findByText('Document « Bail » envoyé.')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('refuses a file over 25 Mo, and an empty choice, in French before sending anything', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer le document' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choisissez un fichier à envoyer.');

    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 25 * 1024 * 1024 + 1 });
    await pick(big);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le document' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Le fichier dépasse la taille maximale de 25 Mo.'),
    );
    expect(sent).toHaveLength(0);
  });

  it('shows the API’s French refusal (a virus, a type it does not take) and sends again afterwards', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderForm({ folderId: 'f1' });
    await pick(new File(['MZ'], 'outil.pdf', { type: 'application/pdf' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer le document' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe('/documents/envoi?dossier=f1');
    act(() =>
      sent[0]!.xhr.answer(400, {
        ok: false,
        message: 'Ce type de fichier n’est pas accepté : envoyez un PDF, une image ou un document Office',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ce type de fichier n’est pas accepté : envoyez un PDF, une image ou un document Office',
    );
    expect(screen.getByRole('button', { name: 'Envoyer le document' })).toHaveProperty('disabled', false);
  });
});
