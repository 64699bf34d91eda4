import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { generateSecret, generateURI } from 'otplib';
import { DomainError, ForbiddenError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { InjectDb, Transactions } from '../../database/database.module';
import type { Database, Transaction } from '../../database/database.types';
import { accountNotExist, AccountCredentialsService } from '../accounts';
import {
  AccessTokens,
  AuthenticatedAccount,
  AuthRateLimiter,
  Clock,
  SecondFactorPolicy,
  verifyPassword,
} from '../identity';
import {
  expired,
  hashRecoveryCode,
  newRecoveryCode,
  RECOVERY_CODE_COUNT,
  SecondFactorProofs,
  toDto,
} from './second-factor-proofs';
import { SecondFactorKind, SecondFactorsRepository } from './second-factors.repository';
import type { FactorEnrolledDto, SecondFactorsDto, TotpEnrolmentDto } from './second-factors.dto';

export type { SecondFactorKind };

/**
 * A signed-in professional's or administrator's own second factors: an authenticator app (TOTP, RFC 6238,
 * 30 s, 6 digits) and passkeys (WebAuthn), enrolled and removed here, with single-use recovery codes; and the
 * console's setting that requires them of administrators. The sign-in step is `SecondFactorSignIn`.
 */
@Injectable()
export class SecondFactorsService {
  private readonly tokens: AccessTokens;
  private readonly policy: SecondFactorPolicy;

  constructor(
    private readonly repository: SecondFactorsRepository,
    private readonly proofs: SecondFactorProofs,
    private readonly transactions: Transactions,
    private readonly accounts: AccountCredentialsService,
    private readonly limiter: AuthRateLimiter,
    private readonly clock: Clock,
    @InjectDb() db: Database,
    @Inject(ENV) env: Env,
  ) {
    this.tokens = new AccessTokens(env.JWT_SECRET);
    this.policy = new SecondFactorPolicy(db, env.NODE_ENV === 'production');
  }

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
    const sealed = this.proofs.sealTotpSecret(id, secret);
    await this.transactions.run((tx) => this.repository.insertPendingTotp(tx, kind, account.id, id, sealed));
    return {
      id,
      secret,
      otpauthUrl: generateURI({ issuer: this.proofs.rpName, label: view.email, secret }),
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
    const step = await this.proofs.totpStep(factor, code.replace(/\s/g, ''), now);
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
      rpName: this.proofs.rpName,
      rpID: this.proofs.rpId,
      userName: view.email,
      userID: Buffer.from(`${kind}:${account.id}`),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({
        id: p.credentialId!,
        transports: (p.transports ?? []) as never,
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const ticket = this.proofs.challengeTicket({
      k: kind,
      a: account.id,
      c: options.challenge,
      p: 'register',
    });
    return { options: options as unknown as Record<string, unknown>, ticket };
  }

  async registerPasskey(
    account: AuthenticatedAccount,
    ticket: string,
    response: Record<string, unknown>,
    label: string | undefined,
  ): Promise<FactorEnrolledDto> {
    const kind = this.kindOf(account);
    const claims = await this.proofs.consumeChallenge(kind, ticket, 'register');
    if (claims.a !== account.id) throw expired();
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: claims.c,
        expectedOrigin: this.proofs.origin,
        expectedRPID: this.proofs.rpId,
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
