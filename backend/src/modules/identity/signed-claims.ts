import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stateless, single-purpose signed links (an appointment's validate / refuse link, a review invitation):
 * `base64url(claims).hmac`, HMAC-SHA256 with a key derived from JWT_SECRET and the purpose label, so a
 * token of one purpose is never accepted for another, nor as an access token. Claims carry their expiry.
 */
export class SignedClaims<Claims extends object> {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = createHmac('sha256', secret).update(purpose).digest();
  }

  sign(claims: Claims, ttlMs: number, now = Date.now()): string {
    const body = Buffer.from(JSON.stringify({ ...claims, x: Math.floor((now + ttlMs) / 1000) })).toString(
      'base64url',
    );
    return `${body}.${this.mac(body)}`;
  }

  /** The claims when the token is authentic and unexpired (their shape is the caller's to check). */
  verify(token: string, now = Date.now()): Partial<Claims> | undefined {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Claims> & {
        x?: unknown;
      };
      if (typeof claims.x !== 'number' || claims.x * 1000 < now) return undefined;
      return claims;
    } catch {
      return undefined;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
