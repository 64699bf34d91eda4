import { applyRequestHeaders } from '@rdv/api-client';
import { adminApiOptions } from './client';

/**
 * A PDF of the API (an invoice, a fee note) fetched with the console's session headers (a plain link would carry
 * no `X-Rdv-Session`, so the API would not read the cookie), then handed to the browser as a download.
 */
export async function downloadPdf(url: string, fileName: string): Promise<void> {
  const headers = applyRequestHeaders(new Headers(), adminApiOptions);
  const response = await fetch(url, { headers, credentials: 'same-origin' });
  if (!response.ok) throw new Error('Le PDF est indisponible pour le moment.');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
