import { describe, expect, it } from 'vitest';
import { DOCUMENT_REQUEST_HEADER, renderedList } from './server-rendered';

const CARDS = [{ userUri: 'marie-martin' }, { userUri: 'paul-roux' }];
const documentRequest = () =>
  new Request('http://localhost/avocats/lyon', { headers: { [DOCUMENT_REQUEST_HEADER]: '1' } });

describe('renderedList', () => {
  it('on a document request, gives the server its entries but leaves them out of what is serialised', () => {
    const list = renderedList(documentRequest(), CARDS);
    // What the server renders from.
    expect(list.entries).toBe(CARDS);
    expect(list.count).toBe(2);
    // What React Router's hydration data takes of it: the object's own enumerable keys.
    expect(Object.keys(list)).toEqual(['count']);
    expect(JSON.stringify(list)).toBe('{"count":2}');
  });

  it('keeps the entries in the data of any other request (a client-side navigation, a loader called directly)', () => {
    const list = renderedList(new Request('http://localhost/avocats/lyon'), CARDS);
    expect(JSON.parse(JSON.stringify(list))).toEqual({ count: 2, entries: CARDS });
  });
});
