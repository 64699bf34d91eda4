import { createSecretKey, randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';

/** The three kinds of account. Each gets its own JWT audience. */
export const ACCOUNT_KINDS = ['admin', 'user', 'attendee'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** What a verified token says: who (`id`, the JWT subject) and which kind (the JWT audience). */
export interface AuthenticatedAccount {
  kind: AccountKind;
  id: string;
}

export const ACCESS_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
const ALGORITHM = 'HS256';

/** A verified token: who, when it was issued and when it expires (seconds since epoch), and its id. */
export interface VerifiedAccessToken {
  account: AuthenticatedAccount;
  issuedAt: number;
  expiresAt: number;
  /** JWT id, unique per sign-in: what a logout revokes. */
  jti: string;
  /** The sign-in passed a second factor (authenticator code, recovery code or passkey). */
  secondFactor: boolean;
}

/**
 * Signs and verifies the access tokens: HS256 with JWT_SECRET, audience = account kind,
 * subject = account id, a random JWT id (so one session can be revoked), 30 days. Verification pins the algorithm (so `alg: none` and
 * algorithm-confusion tokens fail) and the accepted audiences.
 * Plain class (not a provider) so guards can build it from the global ENV in any module.
 */
export class AccessTokens {
  private readonly jwt: JwtService;

  constructor(secret: string) {
    this.jwt = new JwtService({
      // A key object made once: given the text, jsonwebtoken first tries it as a public key on every verification
      // and catches the error before making the secret key (CPU and an exception on each authenticated request).
      secret: createSecretKey(Buffer.from(secret)),
      signOptions: { algorithm: ALGORITHM },
      verifyOptions: { algorithms: [ALGORITHM] },
    });
  }

  /**
   * `notRevokedBy`: a revocation of the account's sessions made at that instant must not cover this token: its
   * issue time (whole seconds in a JWT) is rounded up past it, so a session can go on right after ending the others.
   */
  sign(account: AuthenticatedAccount, notRevokedBy?: Date, options: { secondFactor?: boolean } = {}): string {
    const claims = {
      ...(notRevokedBy && { iat: Math.ceil(notRevokedBy.getTime() / 1000) }),
      ...(options.secondFactor && { mfa: true }),
    };
    return this.jwt.sign(claims, {
      audience: account.kind,
      subject: account.id,
      jwtid: randomUUID(),
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    });
  }

  /** The account a token stands for when it is valid for one of `kinds`; undefined otherwise (never throws). */
  verify(token: string, kinds: readonly AccountKind[]): AuthenticatedAccount | undefined {
    return this.verifyToken(token, kinds)?.account;
  }

  /**
   * Like `verify`, with what revocation checks need. A token without a JWT id (signed before ids
   * existed) could not be logged out, so it is refused: its owner signs in again.
   */
  verifyToken(token: string, kinds: readonly AccountKind[]): VerifiedAccessToken | undefined {
    if (kinds.length === 0) return undefined;
    try {
      const audience: [string, ...string[]] = [kinds[0], ...kinds.slice(1)];
      const payload = this.jwt.verify<{
        aud?: unknown;
        sub?: unknown;
        iat?: unknown;
        exp?: unknown;
        jti?: unknown;
        mfa?: unknown;
      }>(token, {
        audience,
        algorithms: [ALGORITHM],
      });
      const kind = payload.aud;
      if (typeof kind !== 'string' || !kinds.includes(kind as AccountKind)) return undefined;
      if (typeof payload.sub !== 'string' || payload.sub.length === 0) return undefined;
      if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return undefined;
      if (typeof payload.jti !== 'string' || payload.jti.length === 0) return undefined;
      return {
        account: { kind: kind as AccountKind, id: payload.sub },
        issuedAt: payload.iat,
        expiresAt: payload.exp,
        jti: payload.jti,
        secondFactor: payload.mfa === true,
      };
    } catch {
      return undefined;
    }
  }
}
