import { randomBytes } from 'node:crypto';
import { loadEnv } from '../../config/env.schema';
import { CredentialCipher } from './credential-cipher';

const key = () => randomBytes(32).toString('base64');

describe('CredentialCipher (AES-256-GCM with key ids)', () => {
  const old = `old:${key()}`;
  const current = `new:${key()}`;

  it('opens what it sealed, and the ciphertext shows nothing of the password', () => {
    const cipher = new CredentialCipher({
      CALENDAR_ENCRYPTION_KEYS: current,
      CALENDAR_ENCRYPTION_KEY_ID: undefined,
    });
    const sealed = cipher.seal({ username: 'maitre', password: 'app-specific-secret' }, 'connection-1');
    expect(sealed.keyId).toBe('new');
    expect(Buffer.from(sealed.ciphertext, 'base64').toString('latin1')).not.toContain('app-specific-secret');
    expect(cipher.open(sealed, 'connection-1')).toEqual({
      username: 'maitre',
      password: 'app-specific-secret',
    });
  });

  it('still opens secrets sealed with a previous key after rotation', () => {
    const before = new CredentialCipher({ CALENDAR_ENCRYPTION_KEYS: old, CALENDAR_ENCRYPTION_KEY_ID: 'old' });
    const sealed = before.seal({ token: 't' }, 'c');
    const after = new CredentialCipher({
      CALENDAR_ENCRYPTION_KEYS: `${old},${current}`,
      CALENDAR_ENCRYPTION_KEY_ID: 'new',
    });
    expect(after.open(sealed, 'c')).toEqual({ token: 't' });
    expect(after.seal({ token: 't' }, 'c').keyId).toBe('new');
  });

  it('refuses a tampered ciphertext or one copied onto another connection', () => {
    const cipher = new CredentialCipher({
      CALENDAR_ENCRYPTION_KEYS: current,
      CALENDAR_ENCRYPTION_KEY_ID: 'new',
    });
    const sealed = cipher.seal({ token: 't' }, 'connection-1');
    expect(() => cipher.open(sealed, 'connection-2')).toThrow();
    const raw = Buffer.from(sealed.ciphertext, 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => cipher.open({ ...sealed, ciphertext: raw.toString('base64') }, 'connection-1')).toThrow();
  });

  it('is validated at boot: a bad key or an unknown key id names the variable, never the key', () => {
    const base = { DATABASE_URL: 'postgres://x@127.0.0.1/db', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadEnv({ ...base, CALENDAR_ENCRYPTION_KEYS: 'k1:c2hvcnQ=' })).toThrow(
      /CALENDAR_ENCRYPTION_KEYS key "k1" must be 32 bytes/,
    );
    expect(() =>
      loadEnv({ ...base, CALENDAR_ENCRYPTION_KEYS: current, CALENDAR_ENCRYPTION_KEY_ID: 'nope' }),
    ).toThrow(/CALENDAR_ENCRYPTION_KEY_ID must name one of the key ids/);
    expect(() => loadEnv({ ...base, NODE_ENV: 'production' })).toThrow(
      /CALENDAR_ENCRYPTION_KEYS must be set/,
    );
    expect(loadEnv({ ...base, CALENDAR_ENCRYPTION_KEYS: current }).CALENDAR_ENCRYPTION_KEYS).toBe(current);
  });
});
