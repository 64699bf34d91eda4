import { describe, expect, it } from 'vitest';
import { HOSTILE_RETURN_PATHS } from '@rdv/api-client';
import { safeRedirect } from './LoginPage';

describe('the way back after the professional signs in', () => {
  it.each(HOSTILE_RETURN_PATHS.map((value) => [JSON.stringify(value), value]))(
    'leads to the dashboard for %s',
    (_label, value) => {
      expect(safeRedirect(value)).toBe('/dashboard');
    },
  );

  it('follows a page of the SPA, never the login page itself', () => {
    expect(safeRedirect('/agenda?semaine=2026-W48')).toBe('/agenda?semaine=2026-W48');
    expect(safeRedirect('/connexion')).toBe('/dashboard');
  });
});
