/**
 * Lists the server renders into a page's HTML and does not send again as hydration data: a listing's cards, its
 * specialities filter.
 *
 * A listing's cards used to reach the browser twice: as markup, then as React Router's hydration data (every
 * field of 20 cards), only for React to rebuild the same markup. Their links are plain anchors the page follows
 * with one delegated handler (lib/plain-links.ts), their slots are filled in by the browser
 * (components/CardSlots.tsx): nothing in them needs React on a page's first load. So on a document request the
 * loader's card list keeps its entries out of the serialised data, and the browser keeps the server's markup as it
 * is (components/ServerRenderedBlock.tsx). A client-side navigation fetches the route's data (`.data`), which
 * does carry the cards, and renders them like any other part of the page.
 */

/**
 * Set by the gateway (server/app.js) on a page's document request, removed from every other request (a
 * client-side navigation's `.data` fetch in particular), whatever the client sent: React Router runs a route's
 * loader the same way for both and does not tell them apart.
 */
export const DOCUMENT_REQUEST_HEADER = 'x-rdv-document-request';

export function isDocumentRequest(request: Request): boolean {
  return request.headers.get(DOCUMENT_REQUEST_HEADER) === '1';
}

/** A list a page renders (cards, a filter's options): its length, always; its entries only where the browser needs them. */
export type RenderedList<T> = { readonly count: number; readonly entries?: readonly T[] };

/**
 * `entries` as a page's loader returns them. For a document request `entries` is not enumerable: the server's
 * render reads it from the same object, but the hydration data, serialised from the objects' own enumerable keys,
 * leaves it out, and the browser finds no `entries` there. A loader called without the gateway (a test, a
 * `.data` fetch) gets them enumerable, as any other data.
 */
export function renderedList<T>(request: Request, entries: readonly T[]): RenderedList<T> {
  const list = { count: entries.length } as RenderedList<T>;
  Object.defineProperty(list, 'entries', { value: entries, enumerable: !isDocumentRequest(request) });
  return list;
}
