import { ApiError, uploadFile } from '@rdv/api-client';
import { useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MISSING,
  DOCUMENT_TOO_LARGE,
  documentUploadUrl,
} from '../lib/document-upload';

const ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,.heic,.docx,.xlsx,.pptx,.odt,.ods,.odp';

type Outcome = { ok: boolean; message: string };

/** The same words as the professional space's and the console's bar (`UploadProgress` in @rdv/ui). */
export function uploadProgressText(fraction: number, label = 'Envoi du fichier'): string {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return percent >= 100 ? `${label} : vérification…` : `${label} : ${percent} %`;
}

/**
 * A client's document, sent with a real progress bar: `uploadFile` (@rdv/api-client, XMLHttpRequest upload
 * events, as in the professional space and the console) posts the file as multipart to the public site's
 * streaming route, which pipes it to the API. Nothing reads the file into memory on the way. The size limit and
 * the empty-file refusal are said before sending; every other refusal is the API's French message.
 */
export function DocumentUploadForm({
  target,
  inputId,
  label,
  successMessage,
}: {
  target: { refAppointment: string } | { folderId: string };
  inputId: string;
  label: string;
  successMessage: (documentLabel: string) => string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState<number | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const revalidator = useRevalidator();

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file || file.size === 0) return setOutcome({ ok: false, message: DOCUMENT_MISSING });
    if (file.size > DOCUMENT_MAX_BYTES) return setOutcome({ ok: false, message: DOCUMENT_TOO_LARGE });
    setOutcome(undefined);
    setSent(0);
    try {
      const answer = await uploadFile<{ ok: boolean; message: string; label?: string }>({
        url: documentUploadUrl(target),
        file,
        fileName: file.name.slice(0, 255),
        onProgress: setSent,
      });
      setOutcome({ ok: true, message: successMessage(answer.label ?? file.name) });
      if (input.current) input.current.value = '';
      // The lists of documents on the page show the new one.
      void revalidator.revalidate();
    } catch (error) {
      const message =
        error instanceof ApiError
          ? error.status === 413
            ? DOCUMENT_TOO_LARGE
            : (error.serverMessage ?? 'Le document n’a pas pu être envoyé. Réessayez.')
          : 'Le document n’a pas pu être envoyé. Réessayez.';
      setOutcome({ ok: false, message });
    } finally {
      setSent(undefined);
    }
  }

  const busy = sent !== undefined;
  return (
    <form className="form" onSubmit={send} encType="multipart/form-data" noValidate>
      {outcome && (
        <p
          className={`notice ${outcome.ok ? 'notice--success' : 'notice--error'}`}
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.message}
        </p>
      )}
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        <input id={inputId} ref={input} name="file" type="file" accept={ACCEPT} disabled={busy} />
      </div>
      {busy && (
        <div className="upload-progress">
          <progress max={100} value={Math.round(sent * 100)} aria-label="Envoi du document" />
          <span className="form__hint" role="status">
            {uploadProgressText(sent, 'Envoi du document')}
          </span>
        </div>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--secondary" disabled={busy}>
          {busy ? 'Envoi…' : 'Envoyer le document'}
        </button>
      </div>
    </form>
  );
}
