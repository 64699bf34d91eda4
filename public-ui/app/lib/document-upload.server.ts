import { frenchMessageFor, MESSAGES_FR } from '@rdv/sectors';
import { visitorAddress } from './api.server';
import { readAttendeeToken } from './attendee-session.server';
import { apiUrl } from './config.server';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE } from './document-upload';

/** Room for the multipart boundaries and headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const UPLOAD_TIMEOUT_MS = 120_000;

/** Where a document goes: an appointment (its reference is the authority) or one of the attendee's folders. */
export type DocumentTarget = { refAppointment: string } | { folderId: string };

/** What the browser's upload receives: the French sentence to show, and the document's label when sent. */
export interface DocumentUploadAnswer {
  ok: boolean;
  message: string;
  label?: string;
}

const json = (body: DocumentUploadAnswer, status: number) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });

/**
 * Forwards the browser's multipart body to the API as it arrives (a stream piped into the API's request,
 * `duplex: 'half'`): the public site never reads the file into memory; the API streams it through its size limit,
 * type check and antivirus. An announced body over the limit is refused before a byte is read.
 */
export async function forwardDocumentUpload(request: Request, target: DocumentTarget): Promise<Response> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body)
    return json({ ok: false, message: 'Choisissez un fichier à envoyer.' }, 400);
  const length = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(length) && length > DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    // Not read: the connection closes rather than taking 25 Mo more for nothing.
    request.body.cancel().catch(() => undefined);
    return json({ ok: false, message: DOCUMENT_TOO_LARGE }, 413);
  }
  const token = readAttendeeToken(request);
  if ('folderId' in target && !token)
    return json({ ok: false, message: 'Connectez-vous pour envoyer un document.' }, 401);
  const path =
    'folderId' in target
      ? `/api/v1/folders/${encodeURIComponent(target.folderId)}/documents`
      : `/api/v1/appointments/${encodeURIComponent(target.refAppointment)}/documents`;
  const headers: Record<string, string> = { 'content-type': contentType, accept: 'application/json' };
  if (Number.isFinite(length)) headers['content-length'] = String(length);
  if (token && 'folderId' in target) headers.authorization = `Bearer ${token}`;
  const forwardedFor = visitorAddress(request);
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  let response: Response;
  try {
    response = await fetch(`${apiUrl()}${path}`, {
      method: 'POST',
      headers,
      body: request.body,
      duplex: 'half',
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    } as RequestInit);
  } catch (error) {
    console.error(
      `[public-ui] document upload failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return json({ ok: false, message: MESSAGES_FR.unexpectedError }, 503);
  }
  const body = (await response.json().catch(() => null)) as { label?: string; message?: unknown } | null;
  if (response.ok) return json({ ok: true, message: 'Document envoyé.', label: body?.label ?? '' }, 200);
  if (response.status >= 500) console.error(`[public-ui] ${path} answered ${response.status}`);
  const serverMessage = typeof body?.message === 'string' ? body.message : undefined;
  const message =
    response.status === 413
      ? DOCUMENT_TOO_LARGE
      : response.status === 503 && serverMessage
        ? serverMessage
        : frenchMessageFor(response.status >= 500 ? undefined : serverMessage);
  return json({ ok: false, message }, response.status >= 500 ? 503 : response.status);
}
