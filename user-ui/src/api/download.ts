import { SESSION_HEADERS } from '../auth/token';
import { ApiError } from './client';

/**
 * A file of the API (a PDF) fetched with the session cookie (the area named by its header), then handed to the
 * browser as a download under `fileName`.
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const response = await fetch(url, { headers: SESSION_HEADERS, credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
