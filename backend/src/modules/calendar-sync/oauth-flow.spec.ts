import { createHash } from 'node:crypto';
import {
  configuredOAuthProviders,
  createPkcePair,
  OAUTH_STATE_TTL_SECONDS,
  oauthClientSettings,
  OAuthStateSigner,
} from './oauth-flow';

const session = { userId: 'user-1', sessionId: 'jti-1' };

describe('OAuthStateSigner', () => {
  it('gives back the state it issued to the same session', () => {
    const signer = new OAuthStateSigner('s'.repeat(32));
    const issued = signer.issue({ provider: 'google', ...session });
    const checked = signer.verify(issued.token, session);
    expect(checked).toEqual({
      ok: true,
      state: {
        provider: 'google',
        userId: 'user-1',
        sessionId: 'jti-1',
        nonce: issued.nonce,
        exp: issued.exp,
      },
    });
  });

  it('refuses a state from another session or another lawyer', () => {
    const signer = new OAuthStateSigner('s'.repeat(32));
    const { token } = signer.issue({ provider: 'office365', ...session });
    expect(signer.verify(token, { userId: 'user-1', sessionId: 'jti-2' })).toEqual({
      ok: false,
      reason: 'other-session',
    });
    expect(signer.verify(token, { userId: 'user-2', sessionId: 'jti-1' })).toEqual({
      ok: false,
      reason: 'other-session',
    });
  });

  it('refuses a state after ten minutes', () => {
    let now = Date.UTC(2026, 0, 5, 9);
    const signer = new OAuthStateSigner('s'.repeat(32), () => now);
    const { token } = signer.issue({ provider: 'google', ...session });
    now += (OAUTH_STATE_TTL_SECONDS - 1) * 1000;
    expect(signer.verify(token, session).ok).toBe(true);
    now += 1000;
    expect(signer.verify(token, session)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a state edited by hand, signed with another secret, or not a state at all', () => {
    const signer = new OAuthStateSigner('s'.repeat(32));
    const { token } = signer.issue({ provider: 'google', ...session });
    const [body, signature] = token.split('.');
    const edited = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    edited.userId = 'user-2';
    const forged = `${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`;
    expect(signer.verify(forged, { userId: 'user-2', sessionId: 'jti-1' })).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    expect(new OAuthStateSigner('t'.repeat(32)).verify(token, session)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    for (const junk of ['', 'abc', 'a.b.c', '.', `${body}.`])
      expect(signer.verify(junk, session)).toEqual({ ok: false, reason: expect.any(String) });
  });
});

describe('PKCE', () => {
  it('sends the S256 challenge of a fresh verifier', () => {
    const a = createPkcePair();
    const b = createPkcePair();
    expect(a.verifier).not.toBe(b.verifier);
    expect(a.verifier.length).toBeGreaterThanOrEqual(43);
    expect(a.challenge).toBe(createHash('sha256').update(a.verifier).digest('base64url'));
  });
});

describe('provider settings', () => {
  it('offers only the providers whose app is configured; Microsoft serves both Outlook.com and Office 365', () => {
    expect(configuredOAuthProviders({})).toEqual([]);
    const env = {
      MICROSOFT_CALENDAR_CLIENT_ID: 'app',
      MICROSOFT_CALENDAR_CLIENT_SECRET: 'secret',
      MICROSOFT_CALENDAR_REDIRECT_URI: 'https://api.example.fr/cb',
    };
    expect(configuredOAuthProviders(env)).toEqual(['live', 'office365']);
    expect(oauthClientSettings(env, 'office365')).toEqual({
      clientId: 'app',
      clientSecret: 'secret',
      redirectUri: 'https://api.example.fr/cb',
    });
    expect(oauthClientSettings(env, 'google')).toBeNull();
  });
});
