import { describe, expect, it } from 'vitest';
import { resolveRedirect } from './redirects.js';

describe('resolveRedirect (docs/product.md §2 redirects)', () => {
  it.each([
    ['/en/avocats', '/fr/avocats'],
    ['/en/avocat/jean-dupont?ref=mail', '/fr/avocat/jean-dupont?ref=mail'],
    ['/en', '/fr'],
    ['/en/', '/fr/'],
  ])('sends the English path %s to its French path %s with a 301', (from, to) => {
    expect(resolveRedirect(from)).toEqual({ status: 301, location: to });
  });

  it.each([
    ['/fr', '/'],
    ['/fr/', '/'],
    ['/fr?utm_source=x', '/?utm_source=x'],
  ])('sends %s to the home page %s with a 301', (from, to) => {
    expect(resolveRedirect(from)).toEqual({ status: 301, location: to });
  });

  it.each([
    ['/fr/avocats/lyon', '/avocats/lyon'],
    ['/fr/cgu?x=1', '/cgu?x=1'],
  ])('drops the /fr prefix: %s -> %s with a 301', (from, to) => {
    expect(resolveRedirect(from)).toEqual({ status: 301, location: to });
  });

  it.each([
    ['/avocats/lyon/droit-des-sœurs', '/avocats/lyon/droit-des-soeurs'],
    ['/avocats/lyon/droit-des-s%C5%93urs?page=2', '/avocats/lyon/droit-des-soeurs?page=2'],
    ['/avocats/lyon/droit-des-s%c5%93urs', '/avocats/lyon/droit-des-soeurs'],
    ['/guide/%C5%92uvre', '/guide/OEuvre'],
    ['/guide/Œuvre-et-cœur', '/guide/OEuvre-et-coeur'],
    // What Node hands over for an unencoded UTF-8 request line: the bytes read as latin-1.
    ['/avocats/c\u00C5\u0093ur', '/avocats/coeur'],
  ])('rewrites the ligature oe in %s to %s with a 301', (from, to) => {
    expect(resolveRedirect(from)).toEqual({ status: 301, location: to });
  });

  it.each(['/de', '/de/', '/de/avocats', '/es', '/it/cgu?x=1'])(
    'answers 404 for the unsupported language prefix %s',
    (path) => {
      expect(resolveRedirect(path)).toEqual({ status: 404 });
    },
  );

  it.each([
    '/',
    '/avocats',
    '/avocats/lyon',
    '/cgu',
    '/french',
    '/enfant',
    '/assets/app.css',
    '/domaines-de-competences',
  ])('leaves %s alone', (path) => {
    expect(resolveRedirect(path)).toBeNull();
  });
});
