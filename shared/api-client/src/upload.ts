import { ApiError } from './errors.js';
import { applyRequestHeaders, type ApiClientOptions } from './client.js';

/** The form field the API reads the file from (backend/src/common/multipart-upload.ts). */
export const UPLOAD_FILE_FIELD = 'file';

export interface UploadOptions extends Pick<ApiClientOptions, 'token' | 'headers'> {
  /** Full URL or same-origin path of the upload endpoint (`/api/v1/folders/{id}/documents`). */
  url: string;
  method?: 'POST' | 'PUT';
  file: Blob;
  /** The name sent with the file (the API keeps a label from it, never a path). */
  fileName?: string;
  /** Text fields sent before the file (the API reads them first). */
  fields?: Record<string, string>;
  /** Called with the fraction sent, 0 to 1, as the browser sends the body. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads one file as `multipart/form-data` with real progress: `XMLHttpRequest` reports the bytes
 * sent (`upload.onprogress`), which `fetch` cannot. Same headers as the typed client (request id,
 * session, bearer); resolves with the API's JSON answer, rejects with the one ApiError (French
 * message) the apps already show, a network failure being status 0. An abort rejects with an
 * AbortError, as fetch does.
 */
export function uploadFile<T>(options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('Envoi annulé', 'AbortError'));
      return;
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append(UPLOAD_FILE_FIELD, options.file, options.fileName ?? fileNameOf(options.file));

    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', options.url);
    // The session cookie goes with same-origin requests; credentials also for a gateway on another origin.
    xhr.withCredentials = true;
    applyRequestHeaders(new Headers(), options).forEach((value, name) => xhr.setRequestHeader(name, value));
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      settle();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(body as T);
      } else reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => {
      settle();
      reject(ApiError.network());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(new DOMException('Envoi annulé', 'AbortError'));
    };
    options.onProgress?.(0);
    xhr.send(form);
  });
}

function fileNameOf(file: Blob): string {
  return typeof File !== 'undefined' && file instanceof File && file.name ? file.name : 'fichier';
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
