import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { verify as verifyTotp } from 'otplib';
import { DomainError, UnauthorizedError } from '../../common/domain-error';
import { SecretCipher } from '../../common/secret-cipher';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { InjectRedis } from '../../redis/redis.module';
import { Clock, SignedClaims } from '../identity';
import type { SecondFactorKind, SecondFactorRow } from './second-factors.repository';
import type { SecondFactorDto } from './second-factors.dto';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const RECOVERY_CODE_COUNT = 10;
const TOTP_PERIOD_SECONDS = 30;

export const expired = () =>
  new UnauthorizedError(
    'SECOND_FACTOR_EXPIRED',
    'La connexion a expiré : saisissez à nouveau votre identifiant et votre mot de passe.',
  );

export interface ChallengeClaims {
  k: SecondFactorKind;
  /** The account being enrolled or signing in (absent: a passkey sign-in without password). */
  a?: string;
  c: string;
  p: 'register' | 'authenticate';
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');

/** 10 characters of an alphabet without look-alikes (50 bits), shown as `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export const toDto = (row: SecondFactorRow): SecondFactorDto => ({
  id: row.id,
  type: row.type as 'totp' | 'passkey',
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * The cryptography both the sign-in and the enrolment check: TOTP secrets sealed with the key ring of calendar
 * credentials (bound to their row) and their codes, and the single-use WebAuthn challenges of a ticket.
 */
@Injectable()
export class SecondFactorProofs {
  private readonly challenges: SignedClaims<ChallengeClaims>;
  private readonly cipher: SecretCipher;
  private readonly redisPrefix: string;
  /** The WebAuthn relying party: the public site's host name and origin. */
  readonly rpId: string;
  readonly origin: string;
  readonly rpName = 'RDV';

  constructor(
    private readonly clock: Clock,
    @InjectRedis() private readonly redis: Redis,
    @Inject(ENV) env: Env,
  ) {
    this.challenges = new SignedClaims(env.JWT_SECRET, 'webauthn-challenge');
    this.cipher = new SecretCipher(
      env.CALENDAR_ENCRYPTION_KEYS,
      env.CALENDAR_ENCRYPTION_KEY_ID,
      () =>
        new DomainError(
          'SECOND_FACTOR_UNAVAILABLE',
          'La double authentification par application n’est pas configurée sur ce serveur.',
          503,
        ),
    );
    const publicUrl = new URL(env.PUBLIC_URL);
    this.rpId = publicUrl.hostname;
    this.origin = publicUrl.origin;
    this.redisPrefix = `${env.QUEUE_PREFIX}:webauthn`;
  }

  /** A new authenticator app's secret, sealed for its row. */
  sealTotpSecret(factorId: string, secret: string) {
    return this.cipher.seal(secret, `second-factor:${factorId}`);
  }

  /** A ticket carrying a WebAuthn challenge for 5 minutes. */
  challengeTicket(claims: ChallengeClaims): string {
    return this.challenges.sign(claims, CHALLENGE_TTL_MS, this.clock.now().getTime());
  }

  /** The challenge of a ticket, usable once (a replayed WebAuthn answer finds it spent). */
  async consumeChallenge(
    kind: SecondFactorKind,
    ticket: string,
    purpose: ChallengeClaims['p'],
  ): Promise<ChallengeClaims> {
    const claims = this.challenges.verify(ticket, this.clock.now().getTime());
    if (!claims || claims.k !== kind || claims.p !== purpose || typeof claims.c !== 'string') throw expired();
    const fresh = await this.redis.set(`${this.redisPrefix}:${claims.c}`, '1', 'PX', CHALLENGE_TTL_MS, 'NX');
    if (fresh !== 'OK') throw expired();
    return claims as ChallengeClaims;
  }

  /** The time step a 6-digit code matches (one step of drift either way), or undefined. */
  async totpStep(factor: SecondFactorRow, code: string, now: Date): Promise<number | undefined> {
    if (!/^\d{6}$/.test(code) || !factor.secretCiphertext || !factor.secretKeyId) return undefined;
    const secret = this.cipher.open<string>(
      { ciphertext: factor.secretCiphertext, keyId: factor.secretKeyId },
      `second-factor:${factor.id}`,
    );
    const epoch = Math.floor(now.getTime() / 1000);
    const result = await verifyTotp({ secret, token: code, epoch, epochTolerance: TOTP_PERIOD_SECONDS });
    if (!result.valid) return undefined;
    return Math.floor(epoch / TOTP_PERIOD_SECONDS) + (result.delta ?? 0);
  }
}
