import { describe, expect, it } from 'vitest';
import { HOSTILE_RETURN_PATHS } from '@rdv/api-client';
import { safeRedirectPath } from './attendee-session.server';

describe('the way back after the attendee signs in', () => {
  it.each(HOSTILE_RETURN_PATHS.map((value) => [JSON.stringify(value), value]))(
    'leads to "Mes rendez-vous" for %s',
    (_label, value) => {
      expect(safeRedirectPath(value)).toBe('/participant/mes-rdvs');
    },
  );

  it('follows a page of the site, never the sign-in page itself', () => {
    expect(safeRedirectPath('/participant/rdv/abc?annuler=1')).toBe('/participant/rdv/abc?annuler=1');
    expect(safeRedirectPath('/participant/connexion?redirectTo=/x')).toBe('/participant/mes-rdvs');
  });

  it('always answers a value a Location header can carry', () => {
    for (const value of [...HOSTILE_RETURN_PATHS, '/avocat/é', '/x?y=\u00e9']) {
      expect(() => new Headers({ location: safeRedirectPath(value) })).not.toThrow();
    }
  });
});
