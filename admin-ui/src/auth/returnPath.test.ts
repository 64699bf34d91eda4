import { describe, expect, it } from 'vitest';
import { HOSTILE_RETURN_PATHS } from '@rdv/api-client';
import { returnPathAfterLogin } from './authProvider';

describe('the way back after the administrator signs in', () => {
  it.each(HOSTILE_RETURN_PATHS.map((value) => [JSON.stringify(value), value]))(
    'leads to the dashboard for %s',
    (_label, value) => {
      expect(returnPathAfterLogin({ nextPathname: value, nextSearch: '' })).toBe('/');
    },
  );

  it('follows the page react-admin remembered, never the login page itself', () => {
    expect(returnPathAfterLogin({ nextPathname: '/users', nextSearch: '?page=2' })).toBe('/users?page=2');
    expect(returnPathAfterLogin({ nextPathname: '/login', nextSearch: '' })).toBe('/');
    expect(returnPathAfterLogin(undefined)).toBe('/');
  });
});
