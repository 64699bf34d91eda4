import { describe, expect, it } from 'vitest';
import { HOSTILE_RETURN_PATHS, safeReturnPath } from './index.js';

const options = { fallback: '/home', origin: 'https://www.example.fr', avoid: ['/connexion'] };

describe('safeReturnPath: where a visitor goes back to after signing in', () => {
  it('has at least 30 hostile forms in its table', () => {
    expect(HOSTILE_RETURN_PATHS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE_RETURN_PATHS.map((value) => [JSON.stringify(value), value]))(
    'sends %s to the default page',
    (_label, value) => {
      expect(safeReturnPath(value, options)).toBe('/home');
    },
  );

  it.each([undefined, null, 42, {}, ['/a'], { toString: () => '/a' }])(
    'sends a value that is not a string (%s) to the default page',
    (value) => {
      expect(safeReturnPath(value, options)).toBe('/home');
    },
  );

  it('keeps a path of the site with its query and fragment', () => {
    expect(safeReturnPath('/participant/mes-rdvs?page=2#rdv', options)).toBe(
      '/participant/mes-rdvs?page=2#rdv',
    );
    expect(safeReturnPath('/avocat/paris?q=droit%20du%20travail', options)).toBe(
      '/avocat/paris?q=droit%20du%20travail',
    );
  });

  it('answers a valid header value for a path with accented letters', () => {
    expect(safeReturnPath('/avocat/é', options)).toBe('/avocat/%C3%A9');
  });

  it('resolves dot segments without leaving the site', () => {
    expect(safeReturnPath('/a/../../b', options)).toBe('/b');
  });

  it('never goes back to a page it was told to avoid', () => {
    expect(safeReturnPath('/connexion', options)).toBe('/home');
    expect(safeReturnPath('/connexion/x?y', options)).toBe('/home');
    expect(safeReturnPath('/connexions', options)).toBe('/connexions');
  });

  it('works without an origin', () => {
    expect(safeReturnPath('/a?b', { fallback: '/' })).toBe('/a?b');
    expect(safeReturnPath('//evil.example', { fallback: '/' })).toBe('/');
  });
});
