import { Inject, Injectable } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { DomainError, ForbiddenError, UnauthorizedError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { accountNotExist, AccountCredentialsService, AccountView } from '../accounts';
import { AccessTokens, AuthRateLimiter, Clock, SignedClaims } from '../identity';
import { expired, hashRecoveryCode, SecondFactorProofs } from './second-factor-proofs';
import { SecondFactorKind, SecondFactorsRepository } from './second-factors.repository';
import type { SecondFactorPendingDto } from './second-factors.dto';

const PENDING_TTL_MS = 5 * 60_000;

const wrongCode = () => new UnauthorizedError('SECOND_FACTOR_INVALID', 'Code incorrect ou déjà utilisé');
const passkeyRefused = () =>
  new UnauthorizedError('PASSKEY_INVALID', 'Cette clé d’accès n’a pas été reconnue. Réessayez.');

interface PendingClaims {
  k: SecondFactorKind;
  a: string;
}

export interface SignedIn {
  token: string;
  account: AccountView;
}

/**
 * The second step of a sign-in. A right password on an account that has a factor answers a "pending" token
 * (5 minutes, signed for this purpose only: the guards do not take it) instead of a session; the session is
 * issued once a code, a recovery code or a passkey is checked, and its token says so (`mfa`), which the console
 * requires of administrators when the site setting asks for it. A passkey may also replace the password.
 */
@Injectable()
export class SecondFactorSignIn {
  private readonly tokens: AccessTokens;
  private readonly pending: SignedClaims<PendingClaims>;

  constructor(
    private readonly repository: SecondFactorsRepository,
    private readonly proofs: SecondFactorProofs,
    private readonly accounts: AccountCredentialsService,
    private readonly limiter: AuthRateLimiter,
    private readonly clock: Clock,
    @Inject(ENV) env: Env,
  ) {
    this.tokens = new AccessTokens(env.JWT_SECRET);
    this.pending = new SignedClaims(env.JWT_SECRET, 'second-factor-pending');
  }

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
        const step = await this.proofs.totpStep(factor, digits, now);
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
      rpID: this.proofs.rpId,
      userVerification: accountId ? 'preferred' : 'required',
      allowCredentials: passkeys.map((p) => ({
        id: p.credentialId!,
        transports: (p.transports ?? []) as never,
      })),
    });
    const ticket = this.proofs.challengeTicket({
      k: kind,
      ...(accountId && { a: accountId }),
      c: options.challenge,
      p: 'authenticate',
    });
    return { options: options as unknown as Record<string, unknown>, ticket };
  }

  async signInWithPasskey(
    kind: SecondFactorKind,
    ticket: string,
    response: Record<string, unknown>,
  ): Promise<SignedIn> {
    const claims = await this.proofs.consumeChallenge(kind, ticket, 'authenticate');
    const credentialId = typeof response.id === 'string' ? response.id : '';
    const passkey = credentialId ? await this.repository.findPasskey(credentialId) : undefined;
    if (!passkey || passkey.accountKind !== kind || !passkey.confirmedAt) throw passkeyRefused();
    if (claims.a && passkey.accountId !== claims.a) throw passkeyRefused();
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: claims.c,
        expectedOrigin: this.proofs.origin,
        expectedRPID: this.proofs.rpId,
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

  private pendingAccount(kind: SecondFactorKind, pendingToken: string): string {
    const claims = this.pending.verify(pendingToken, this.clock.now().getTime());
    if (!claims || claims.k !== kind || typeof claims.a !== 'string') throw expired();
    return claims.a;
  }

  private async session(kind: SecondFactorKind, accountId: string): Promise<SignedIn> {
    const credentials = await this.accounts.credentialsById(kind, accountId);
    if (!credentials) throw accountNotExist();
    if (!credentials.active) throw new ForbiddenError('ACCOUNT_DISABLED', 'Ce compte est désactivé');
    const account = await this.accounts.view(kind, accountId);
    if (!account) throw accountNotExist();
    return { token: this.tokens.sign({ kind, id: accountId }, undefined, { secondFactor: true }), account };
  }
}
