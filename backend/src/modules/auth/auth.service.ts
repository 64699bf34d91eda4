import { Transactions, InjectDb } from '../../database/database.module';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ForbiddenError, UnauthorizedError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { Database, Transaction } from '../../database/database.types';
import { QUEUES } from '../../queue/queue.constants';
import {
  accountNotExist,
  passwordMismatch,
  AccountCredentialsService,
  AccountEmailChangeService,
  AccountView,
  EmailChangeKind,
} from '../accounts';
import { OutboxService } from '../outbox';
import {
  AccessTokens,
  AccountKind,
  AuthenticatedAccount,
  AuthRateLimiter,
  Clock,
  hashPassword,
  verifyPassword,
  LinkTokens,
  Sessions,
} from '../identity';
import { EMAIL_CHANGE_MAIL_JOB } from './email-change';
import { PASSWORD_CHANGED_MAIL_JOB } from './password-changed';
import { FORGOT_PASSWORD_MESSAGE, RESET_MAIL_JOB, RESET_PASSWORD_MESSAGE } from './password-reset';
import type { SecondFactorPendingDto } from './second-factors.dto';
import { SecondFactorSignIn } from './second-factor-sign-in.service';

/** A session, or (password right, second factor enrolled) the pending step that leads to one. */
export type LoginResult = { token: string; account: AccountView } | { pending: SecondFactorPendingDto };

/**
 * Sign-in, session check and password reset for the three kinds of account.
 *
 * Unknown login -> 404 ACCOUNT_NOT_EXIST 'Account not exist' (the spec's contract text, which the UIs
 * map to "no account exists with this email"); wrong password -> 401 INVALID_CREDENTIALS. That
 * reveals whether an identifier exists, so every unknown-account attempt counts as a failure in the
 * per-IP login budget (30 per 15 min), which bounds enumeration. Forgotten password, on the other
 * hand, answers the same message whether the account exists or not and sends mail only to the
 * owner's address: it never confirms an address to whoever asks.
 */
@Injectable()
export class AuthService {
  private readonly tokens: AccessTokens;

  constructor(
    private readonly transactions: Transactions,
    @InjectDb() private readonly db: Database,
    private readonly accounts: AccountCredentialsService,
    private readonly emailChanges: AccountEmailChangeService,
    private readonly limiter: AuthRateLimiter,
    private readonly resets: LinkTokens,
    private readonly sessions: Sessions,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    private readonly secondFactors: SecondFactorSignIn,
    @Inject(ENV) env: Env,
  ) {
    this.tokens = new AccessTokens(env.JWT_SECRET);
  }

  async login(kind: AccountKind, identifier: string, password: string, ip: string): Promise<LoginResult> {
    const credentials = await this.accounts.credentials(kind, identifier);
    const accountKey = credentials ? `id:${credentials.id}` : `name:${identifier.trim().toLowerCase()}`;
    await this.limiter.beginLoginAttempt(kind, accountKey, ip);
    if (!credentials) throw accountNotExist();
    if (!(await verifyPassword(credentials.passwordHash, password))) {
      throw new UnauthorizedError('INVALID_CREDENTIALS', 'Identifiant ou mot de passe incorrect');
    }
    if (!credentials.active) throw new ForbiddenError('ACCOUNT_DISABLED', 'Ce compte est désactivé');
    await this.limiter.recordLoginSuccess(kind, accountKey, ip);
    // A stolen password alone opens nothing on an account with a second factor: only a pending step.
    if (kind !== 'attendee') {
      const pending = await this.secondFactors.pendingStep(kind, credentials.id);
      if (pending) return { pending };
    }
    const account = await this.accounts.view(kind, credentials.id);
    if (!account) throw accountNotExist();
    return { token: this.accounts.issueToken(kind, credentials.id), account };
  }

  /** The signed-in account (without secrets), or 401 when it no longer exists or was deactivated (the guard refused revoked tokens). */
  async checkLogged(account: AuthenticatedAccount): Promise<AccountView> {
    const view = await this.accounts.view(account.kind, account.id);
    if (!view) throw new UnauthorizedError('UNAUTHORIZED', 'Authentification requise');
    return view;
  }

  /**
   * Ends the session of `token` (a token of `kind`): the guards refuse it from now on, everywhere.
   * Without a valid token there is nothing to end; the UI drops its cookie either way.
   */
  async logout(kind: AccountKind, token: string | undefined): Promise<void> {
    const verified = token ? this.tokens.verifyToken(token, [kind]) : undefined;
    if (verified) await this.sessions.revokeToken(verified, this.clock.now());
  }

  /** Same answer whether the account exists or not; the mail (token created by the worker) goes through the outbox. */
  async forgotPassword(kind: AccountKind, email: string, ip: string): Promise<{ message: string }> {
    const allowed = await this.limiter.allowResetRequest(kind, email, ip);
    const account = allowed ? await this.accounts.credentials(kind, email) : undefined;
    if (account && account.active && account.email === email) {
      await this.outbox.enqueue(this.db, {
        queue: QUEUES.notifications,
        jobName: RESET_MAIL_JOB,
        payload: { kind, accountId: account.id },
      });
    }
    return { message: FORGOT_PASSWORD_MESSAGE };
  }

  /**
   * The signed-in attendee (or professional) changes their password: the current one is checked
   * (counted like a login attempt), then every session ends, this one included (spec: "password
   * changed, log in again with the new one").
   */
  async changePassword(
    account: AuthenticatedAccount,
    current: string,
    password: string,
    confirmation: string,
    ip: string,
  ): Promise<{ message: string }> {
    await this.replacePassword(account, current, password, confirmation, ip, this.clock.now());
    return { message: RESET_PASSWORD_MESSAGE };
  }

  /**
   * The signed-in professional changes their password from /user/setting: the current one is checked, every
   * other session ends (a stolen session included) and this one goes on with the new token answered.
   */
  async changeUserPassword(
    account: AuthenticatedAccount,
    current: string,
    password: string,
    confirmation: string,
    ip: string,
  ): Promise<{ message: string; token: string }> {
    // Revocations cut at whole seconds (JWT `iat`): cutting at the next second ends every session opened
    // up to now, even in this very second; this session's new token is issued at that second, so it lives.
    const cutOff = new Date(Math.ceil(this.clock.now().getTime() / 1000) * 1000);
    await this.replacePassword(account, current, password, confirmation, ip, cutOff);
    return {
      message: 'Votre mot de passe a été modifié. Vos autres sessions ont été déconnectées.',
      token: this.accounts.issueToken('user', account.id, cutOff),
    };
  }

  /**
   * The signed-in professional or client asks to move to another address. The current password is checked
   * (counted like a login attempt): a session left open on a shared computer cannot take the account away.
   * The worker mails the link to the new address and a notice to the current one.
   */
  async requestUserEmailChange(
    account: AuthenticatedAccount,
    email: string,
    current: string,
    ip: string,
  ): Promise<{ message: string }> {
    if (account.kind === 'admin')
      throw new ForbiddenError('FORBIDDEN', 'Action réservée aux comptes clients et professionnels');
    const kind = account.kind;
    await this.checkCurrentPassword(account, current, ip);
    await this.transactions.run(async (tx) => {
      await this.emailChanges.requestEmailChange(tx, kind, account.id, email);
      await this.outbox.enqueue(tx, {
        queue: QUEUES.notifications,
        jobName: EMAIL_CHANGE_MAIL_JOB,
        payload: kind === 'user' ? { userId: account.id, email } : { kind, accountId: account.id, email },
      });
    });
    return {
      message: `Un lien de confirmation a été envoyé à ${email}. Votre adresse actuelle reste valable jusqu’à ce que vous l’ouvriez.`,
    };
  }

  /**
   * The link mailed to the new address: single use, 24 hours; the address must still be free. A client's
   * sessions opened before all end with the change (the link needs none): sign in again with the new address.
   */
  async confirmUserEmail(
    token: string,
    kind: EmailChangeKind = 'user',
  ): Promise<{ message: string; email: string }> {
    const now = this.clock.now();
    const email = await this.transactions.run(async (tx) => {
      const id = await this.resets.consume(tx, 'email_change', kind, token, now);
      const moved = id ? await this.emailChanges.applyPendingEmail(tx, kind, id) : undefined;
      if (id && moved && kind === 'attendee') await this.sessions.revokeAll(tx, kind, id, now);
      return moved;
    });
    if (!email)
      throw new DomainError(
        'EMAIL_CHANGE_TOKEN_INVALID',
        'Ce lien de confirmation est invalide ou a expiré. Demandez un nouveau changement d’adresse depuis vos paramètres.',
        400,
      );
    return {
      message: 'Votre adresse email est modifiée : utilisez-la désormais pour vous connecter.',
      email,
    };
  }

  /** The current password of a signed-in account, checked like a login attempt (same budgets). */
  private async checkCurrentPassword(
    account: AuthenticatedAccount,
    current: string,
    ip: string,
  ): Promise<void> {
    const credentials = await this.accounts.credentialsById(account.kind, account.id);
    if (!credentials) throw accountNotExist();
    const accountKey = `id:${credentials.id}`;
    await this.limiter.beginLoginAttempt(account.kind, accountKey, ip);
    if (!(await verifyPassword(credentials.passwordHash, current)))
      throw new DomainError('CURRENT_PASSWORD_INVALID', 'Mot de passe actuel incorrect', 400);
    await this.limiter.recordLoginSuccess(account.kind, accountKey, ip);
  }

  private async replacePassword(
    account: AuthenticatedAccount,
    current: string,
    password: string,
    confirmation: string,
    ip: string,
    revokeBefore: Date,
  ): Promise<void> {
    if (password !== confirmation) throw passwordMismatch();
    await this.checkCurrentPassword(account, current, ip);
    const passwordHash = await hashPassword(password);
    await this.transactions.run(async (tx) => {
      await this.accounts.setPasswordHash(tx, account.kind, account.id, passwordHash);
      await this.sessions.revokeAll(tx, account.kind, account.id, revokeBefore);
      await this.noticePasswordChanged(tx, account.kind, account.id);
    });
  }

  /** The "your password changed" mail, queued with the change itself (sent only if the change commits). */
  private async noticePasswordChanged(tx: Transaction, kind: AccountKind, accountId: string): Promise<void> {
    await this.outbox.enqueue(tx, {
      queue: QUEUES.notifications,
      jobName: PASSWORD_CHANGED_MAIL_JOB,
      payload: { kind, accountId, changedAt: this.clock.now().toISOString() },
    });
  }

  async resetPassword(
    kind: AccountKind,
    token: string,
    password: string,
    confirmation: string,
  ): Promise<{ message: string }> {
    if (password !== confirmation) throw passwordMismatch();
    const passwordHash = await hashPassword(password);
    const now = this.clock.now();
    const changed = await this.transactions.run(async (tx) => {
      const accountId = await this.resets.consume(tx, 'password_reset', kind, token, now);
      if (!accountId) return false;
      await this.accounts.setPasswordHash(tx, kind, accountId, passwordHash);
      await this.resets.invalidateAll(tx, 'password_reset', kind, accountId, now);
      // "Log in again": every session opened before the reset ends (guards refuse older tokens).
      await this.sessions.revokeAll(tx, kind, accountId, now);
      await this.noticePasswordChanged(tx, kind, accountId);
      return true;
    });
    if (!changed)
      throw new DomainError(
        'RESET_TOKEN_INVALID',
        'Ce lien de réinitialisation est invalide ou a expiré. Veuillez en demander un nouveau.',
        400,
      );
    return { message: RESET_PASSWORD_MESSAGE };
  }
}
