import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Redis } from 'ioredis';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import { DomainError, ForbiddenError, UnauthorizedError } from '../../common/domain-error';
import { SecretCipher } from '../../common/secret-cipher';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { InjectDb, Transactions } from '../../database/database.module';
import type { Database, Transaction } from '../../database/database.types';
import { InjectRedis } from '../../redis/redis.module';
import { accountNotExist, AccountCredentialsService, AccountView } from '../accounts';
import {
  AccessTokens,
  AuthenticatedAccount,
  AuthRateLimiter,
  Clock,
  SecondFactorPolicy,
  SignedClaims,
  verifyPassword,
} from '../identity';
import { SecondFactorKind, SecondFactorRow, SecondFactorsRepository } from './second-factors.repository';
import type {
  FactorEnrolledDto,
  SecondFactorDto,
  SecondFactorPendingDto,
  SecondFactorsDto,
  TotpEnrolmentDto,
} from './second-factors.dto';

const PENDING_TTL_MS = 5 * 60_000;
const CHALLENGE_TTL_MS = 5 * 60_000;
const RECOVERY_CODE_COUNT = 10;
const TOTP_PERIOD_SECONDS = 30;

const expired = () =>
  new UnauthorizedError(
    'SECOND_FACTOR_EXPIRED',
    'La connexion a expiré : saisissez à nouveau votre identifiant et votre mot de passe.',
  );
const wrongCode = () => new UnauthorizedError('SECOND_FACTOR_INVALID', 'Code incorrect ou déjà utilisé');
const passkeyRefused = () =>
  new UnauthorizedError('PASSKEY_INVALID', 'Cette clé d’accès n’a pas été reconnue. Réessayez.');

interface PendingClaims {
  k: SecondFactorKind;
  a: string;
}
interface ChallengeClaims {
  k: SecondFactorKind;
  /** The account being enrolled or signing in (absent: a passkey sign-in without password). */
  a?: string;
  c: string;
  p: 'register' | 'authenticate';
}

export type { SecondFactorKind };

export interface SignedIn {
  token: string;
  account: AccountView;
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');

/** 10 characters of an alphabet without look-alikes (50 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const toDto = (row: SecondFactorRow): SecondFactorDto => ({
  id: row.id,
  type: row.type as 'totp' | 'passkey',
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Second factors of professionals and administrators: an authenticator app (TOTP, RFC 6238, 30 s, 6 digits)
 * and passkeys (WebAuthn), with single-use recovery codes.
 *
 * Sign-in with a password on an account that has a factor answers a "pending" token (5 minutes, signed for
 * this purpose only: the guards do not take it) instead of a session; the session is issued once a code, a
 * recovery code or a passkey is checked, and its token says so (`mfa`), which the console requires of
 * administrators when the site setting asks for it. A passkey may also replace the password altogether.
 * TOTP secrets are sealed with the key ring of calendar credentials, bound to their row.
 */
@Injectable()
export class SecondFactorsService {
  private readonly tokens: AccessTokens;
  private readonly pending: SignedClaims<PendingClaims>;
  private readonly challenges: SignedClaims<ChallengeClaims>;
  private readonly cipher: SecretCipher;
  private readonly policy: SecondFactorPolicy;
  private readonly rpId: string;
  private readonly origin: string;
  private readonly rpName: string;
  private readonly redisPrefix: string;

  constructor(
    private readonly repository: SecondFactorsRepository,
    private readonly transactions: Transactions,
    private readonly accounts: AccountCredentialsService,
    private readonly limiter: AuthRateLimiter,
    private readonly clock: Clock,
    @InjectRedis() private readonly redis: Redis,
    @InjectDb() db: Database,
    @Inject(ENV) env: Env,
  ) {
    this.tokens = new AccessTokens(env.JWT_SECRET);
    this.pending = new SignedClaims(env.JWT_SECRET, 'second-factor-pending');
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
    this.policy = new SecondFactorPolicy(db, env.NODE_ENV === 'production');
    const publicUrl = new URL(env.PUBLIC_URL);
    this.rpId = publicUrl.hostname;
    this.origin = publicUrl.origin;
    this.rpName = 'RDV';
    this.redisPrefix = `${env.QUEUE_PREFIX}:webauthn`;
  }

  // ------------------------------------------------------------------ sign-in

  /** After a right password: a pending step when the account has a confirmed factor, undefined otherwise. */
  async pendingStep(kind: SecondFactorKind, accountId: string): Promise<SecondFactorPendingDto | undefined> {
    const factors = await this.repository.confirmed(kind, accountId);
    if (factors.length === 0) return undefined;
    const methods = new Set<'totp' | 'passkey' | 'recovery'>();
    for (const factor of factors) methods.add(factor.type as 'totp' | 'passkey');
    methods.add('recovery');
    return {
      secondFactorRequired: true,
      pendingToken: this.pending.sign({ k: kind, a: accountId }, PENDING_TTL_MS, this.clock.now().getTime()),
      methods: [...methods],
    };
  }

  /** Second step with a code: the authenticator app's 6 digits, or a recovery code (used up). */
  async signInWithCode(
    kind: SecondFactorKind,
    pendingToken: string,
    code: string,
    ip: string,
  ): Promise<SignedIn> {
    const accountId = this.pendingAccount(kind, pendingToken);
    const accountKey = `id:${accountId}`;
    // Same budget as passwords: guessing codes costs like guessing passwords.
    await this.limiter.beginLoginAttempt(kind, accountKey, ip);
    const now = this.clock.now();
    const digits = code.replace(/\s/g, '');
    let ok = false;
    if (/^\d{6}$/.test(digits)) {
      for (const factor of await this.repository.confirmed(kind, accountId)) {
        if (factor.type !== 'totp') continue;
        const step = await this.totpStep(factor, digits, now);
        if (step !== undefined && (await this.repository.useTotpStep(factor.id, step, now))) {
          ok = true;
          break;
        }
      }
    } else {
      ok = await this.repository.useRecoveryCode(kind, accountId, hashRecoveryCode(code), now);
    }
    if (!ok) throw wrongCode();
    await this.limiter.recordLoginSuccess(kind, accountKey, ip);
    return this.session(kind, accountId);
  }

  /** WebAuthn options to sign in: for the pending account's passkeys, or any passkey of the site (no password). */
  async passkeySignInOptions(
    kind: SecondFactorKind,
    pendingToken: string | undefined,
  ): Promise<{ options: Record<string, unknown>; ticket: string }> {
    const accountId = pendingToken ? this.pendingAccount(kind, pendingToken) : undefined;
    const passkeys = accountId
      ? (await this.repository.confirmed(kind, accountId)).filter((f) => f.type === 'passkey')
      : [];
    if (accountId && passkeys.length === 0)
      throw new DomainError('PASSKEY_NONE', 'Aucune clé d’accès n’est enregistrée pour ce compte.', 400);
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      userVerification: accountId ? 'preferred' : 'required',
      allowCredentials: passkeys.map((p) => ({
        id: p.credentialId!,
        transports: (p.transports ?? []) as never,
      })),
    });
    const ticket = this.challenges.sign(
      { k: kind, ...(accountId && { a: accountId }), c: options.challenge, p: 'authenticate' },
      CHALLENGE_TTL_MS,
      this.clock.now().getTime(),
    );
    return { options: options as unknown as Record<string, unknown>, ticket };
  }

  async signInWithPasskey(
    kind: SecondFactorKind,
    ticket: string,
    response: Record<string, unknown>,
  ): Promise<SignedIn> {
    const claims = await this.consumeChallenge(kind, ticket, 'authenticate');
    const credentialId = typeof response.id === 'string' ? response.id : '';
    const passkey = credentialId ? await this.repository.findPasskey(credentialId) : undefined;
    if (!passkey || passkey.accountKind !== kind || !passkey.confirmedAt) throw passkeyRefused();
    if (claims.a && passkey.accountId !== claims.a) throw passkeyRefused();
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: claims.c,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        // Without a password the passkey is the only proof: it must have checked its owner (PIN, biometrics).
        requireUserVerification: !claims.a,
        credential: {
          id: passkey.credentialId!,
          publicKey: Buffer.from(passkey.publicKey!, 'base64url'),
          counter: passkey.signCount,
          transports: (passkey.transports ?? []) as never,
        },
      });
    } catch {
      throw passkeyRefused();
    }
    if (!verification.verified) throw passkeyRefused();
    await this.repository.usePasskey(
      passkey.id,
      verification.authenticationInfo.newCounter,
      this.clock.now(),
    );
    return this.session(kind, passkey.accountId);
  }

  // ------------------------------------------------------------------ management (signed in)

  async list(account: AuthenticatedAccount, sessionHasSecondFactor: boolean): Promise<SecondFactorsDto> {
    const kind = this.kindOf(account);
    const [factors, left] = await Promise.all([
      this.repository.confirmed(kind, account.id),
      this.repository.unusedRecoveryCodes(kind, account.id),
    ]);
    return {
      factors: factors.map(toDto),
      recoveryCodesLeft: left,
      required: kind === 'admin' && (await this.policy.adminRequired()),
      sessionHasSecondFactor,
    };
  }

  /** Starts an authenticator app enrolment: a new secret, usable once a first code confirms it. */
  async startTotp(account: AuthenticatedAccount): Promise<TotpEnrolmentDto> {
    const kind = this.kindOf(account);
    const view = await this.accounts.view(kind, account.id);
    if (!view) throw accountNotExist();
    const id = randomUUID();
    const secret = generateSecret();
    const sealed = this.cipher.seal(secret, `second-factor:${id}`);
    await this.transactions.run((tx) => this.repository.insertPendingTotp(tx, kind, account.id, id, sealed));
    return {
      id,
      secret,
      otpauthUrl: generateURI({ issuer: this.rpName, label: view.email, secret }),
    };
  }

  async confirmTotp(
    account: AuthenticatedAccount,
    id: string,
    code: string,
    label: string | undefined,
  ): Promise<FactorEnrolledDto> {
    const kind = this.kindOf(account);
    const factor = await this.repository.find(kind, account.id, id);
    if (!factor || factor.type !== 'totp' || factor.confirmedAt)
      throw new DomainError('SECOND_FACTOR_NOT_FOUND', 'Enrôlement introuvable : recommencez.', 404);
    const now = this.clock.now();
    const step = await this.totpStep(factor, code.replace(/\s/g, ''), now);
    if (step === undefined)
      throw new DomainError(
        'SECOND_FACTOR_INVALID',
        'Code incorrect : vérifiez l’heure de votre téléphone et saisissez le code affiché.',
        400,
      );
    return this.enrolled(kind, account.id, async (tx) => {
      await this.repository.confirmTotp(tx, id, label?.trim() || 'Application d’authentification', step, now);
      return id;
    });
  }

  async passkeyRegistrationOptions(
    account: AuthenticatedAccount,
  ): Promise<{ options: Record<string, unknown>; ticket: string }> {
    const kind = this.kindOf(account);
    const view = await this.accounts.view(kind, account.id);
    if (!view) throw accountNotExist();
    const existing = (await this.repository.confirmed(kind, account.id)).filter((f) => f.type === 'passkey');
    const options = await generateRegistrationOptions({
      rpName: this.rpName,
      rpID: this.rpId,
      userName: view.email,
      userID: Buffer.from(`${kind}:${account.id}`),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({
        id: p.credentialId!,
        transports: (p.transports ?? []) as never,
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const ticket = this.challenges.sign(
      { k: kind, a: account.id, c: options.challenge, p: 'register' },
      CHALLENGE_TTL_MS,
      this.clock.now().getTime(),
    );
    return { options: options as unknown as Record<string, unknown>, ticket };
  }

  async registerPasskey(
    account: AuthenticatedAccount,
    ticket: string,
    response: Record<string, unknown>,
    label: string | undefined,
  ): Promise<FactorEnrolledDto> {
    const kind = this.kindOf(account);
    const claims = await this.consumeChallenge(kind, ticket, 'register');
    if (claims.a !== account.id) throw expired();
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: claims.c,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: false,
      });
    } catch {
      throw new DomainError('PASSKEY_INVALID', 'La clé d’accès n’a pas pu être enregistrée. Réessayez.', 400);
    }
    if (!verification.verified || !verification.registrationInfo)
      throw new DomainError('PASSKEY_INVALID', 'La clé d’accès n’a pas pu être enregistrée. Réessayez.', 400);
    const { credential } = verification.registrationInfo;
    if (await this.repository.findPasskey(credential.id))
      throw new DomainError('PASSKEY_ALREADY_REGISTERED', 'Cette clé d’accès est déjà enregistrée.', 409);
    const now = this.clock.now();
    return this.enrolled(kind, account.id, (tx) =>
      this.repository.insertPasskey(
        tx,
        kind,
        account.id,
        {
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          signCount: credential.counter,
          transports: credential.transports ?? [],
          label: label?.trim() || 'Clé d’accès',
        },
        now,
      ),
    );
  }

  /** Removes a factor (current password required). The last one takes the recovery codes with it. */
  async remove(
    account: AuthenticatedAccount,
    id: string,
    currentPassword: string,
    ip: string,
  ): Promise<void> {
    const kind = this.kindOf(account);
    await this.checkPassword(kind, account.id, currentPassword, ip);
    const factors = await this.repository.confirmed(kind, account.id);
    if (!factors.some((f) => f.id === id))
      throw new DomainError('SECOND_FACTOR_NOT_FOUND', 'Ce moyen d’authentification n’existe pas.', 404);
    if (factors.length === 1 && kind === 'admin' && (await this.policy.adminRequired()))
      throw new DomainError(
        'SECOND_FACTOR_LAST',
        'La double authentification est obligatoire pour les administrateurs : ajoutez un autre moyen avant de supprimer le dernier.',
        409,
      );
    await this.transactions.run(async (tx) => {
      await this.repository.delete(tx, kind, account.id, id);
      if (factors.length === 1) await this.repository.deleteRecoveryCodes(tx, kind, account.id);
    });
  }

  async regenerateRecoveryCodes(
    account: AuthenticatedAccount,
    currentPassword: string,
    ip: string,
  ): Promise<{ recoveryCodes: string[] }> {
    const kind = this.kindOf(account);
    await this.checkPassword(kind, account.id, currentPassword, ip);
    if ((await this.repository.confirmed(kind, account.id)).length === 0)
      throw new DomainError(
        'SECOND_FACTOR_NONE',
        'Activez d’abord une application d’authentification ou une clé d’accès.',
        400,
      );
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.transactions.run((tx) =>
      this.repository.replaceRecoveryCodes(tx, kind, account.id, codes.map(hashRecoveryCode)),
    );
    return { recoveryCodes: codes };
  }

  async adminPolicy(): Promise<{ adminSecondFactorRequired: boolean }> {
    return { adminSecondFactorRequired: await this.policy.adminRequired() };
  }

  async setAdminPolicy(required: boolean): Promise<{ adminSecondFactorRequired: boolean }> {
    await this.policy.setAdminRequired(required);
    return { adminSecondFactorRequired: required };
  }

  // ------------------------------------------------------------------ internals

  private kindOf(account: AuthenticatedAccount): SecondFactorKind {
    if (account.kind === 'attendee') throw new ForbiddenError('FORBIDDEN', 'Accès non autorisé');
    return account.kind;
  }

  private pendingAccount(kind: SecondFactorKind, pendingToken: string): string {
    const claims = this.pending.verify(pendingToken, this.clock.now().getTime());
    if (!claims || claims.k !== kind || typeof claims.a !== 'string') throw expired();
    return claims.a;
  }

  /** The challenge of a ticket, usable once (a replayed WebAuthn answer finds it spent). */
  private async consumeChallenge(
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
  private async totpStep(factor: SecondFactorRow, code: string, now: Date): Promise<number | undefined> {
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

  /** Stores a new factor; the first one comes with recovery codes. A new session token says "second factor". */
  private async enrolled(
    kind: SecondFactorKind,
    accountId: string,
    store: (tx: Transaction) => Promise<string>,
  ): Promise<FactorEnrolledDto> {
    const { id, recoveryCodes } = await this.transactions.run(async (tx) => {
      const newId = await store(tx);
      const firstFactor = (await this.repository.unusedRecoveryCodes(kind, accountId, tx)) === 0;
      const codes = firstFactor ? Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode) : undefined;
      if (codes) await this.repository.replaceRecoveryCodes(tx, kind, accountId, codes.map(hashRecoveryCode));
      return { id: newId, recoveryCodes: codes };
    });
    const factor = await this.repository.find(kind, accountId, id);
    return {
      factor: toDto(factor!),
      ...(recoveryCodes && { recoveryCodes }),
      token: this.tokens.sign({ kind, id: accountId }, undefined, { secondFactor: true }),
    };
  }

  private async session(kind: SecondFactorKind, accountId: string): Promise<SignedIn> {
    const credentials = await this.accounts.credentialsById(kind, accountId);
    if (!credentials) throw accountNotExist();
    if (!credentials.active) throw new ForbiddenError('ACCOUNT_DISABLED', 'Ce compte est désactivé');
    const account = await this.accounts.view(kind, accountId);
    if (!account) throw accountNotExist();
    return { token: this.tokens.sign({ kind, id: accountId }, undefined, { secondFactor: true }), account };
  }

  private async checkPassword(kind: SecondFactorKind, accountId: string, current: string, ip: string) {
    const credentials = await this.accounts.credentialsById(kind, accountId);
    if (!credentials) throw accountNotExist();
    const accountKey = `id:${accountId}`;
    await this.limiter.beginLoginAttempt(kind, accountKey, ip);
    if (!(await verifyPassword(credentials.passwordHash, current)))
      throw new DomainError('CURRENT_PASSWORD_INVALID', 'Mot de passe actuel incorrect', 400);
    await this.limiter.recordLoginSuccess(kind, accountKey, ip);
  }
}
