import { Injectable } from '@nestjs/common';
import { ConflictError } from '../../common/domain-error';
import { InjectDb, Transactions } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { QUEUES } from '../../queue/queue.constants';
import { Clock, hashPassword, LinkTokens } from '../identity';
import { OutboxService } from '../outbox';
import { isUuid } from '@rdv/sectors';
import { AccountCredentialsService } from './account-credentials.service';
import { accountNotExist, invalidPhone, passwordMismatch, registrationNotFound } from './account-errors';
import { loadUserView } from './account-views';
import type { CompleteRegistrationDto, RegistrationDto, UserTokenDto } from './accounts.dto';
import { AccountsRepository, type UserRow } from './accounts.repository';
import { normalizePhone, type PhoneCountry } from './phone-numbers';
import { REGISTRATION_INVITE_JOB } from './registration-invite';

/**
 * The sign-up of a professional created without a password: the invitation mailed with a single-use link
 * (7 days), the page behind it, and its completion (password, phone, terms).
 */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly repository: AccountsRepository,
    private readonly credentials: AccountCredentialsService,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly links: LinkTokens,
    private readonly transactions: Transactions,
    @InjectDb() private readonly db: Database,
  ) {}

  async registration(userId: string, token: string): Promise<RegistrationDto> {
    const row = await this.pendingRegistration(this.db, userId, token);
    // What the accepted registration request already gave (phone, commune, office) is shown, not asked again.
    const view = await loadUserView(this.repository, row);
    const officeId = row.teamId ?? row.requestedTeamId;
    return {
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      telephone: row.telephone,
      country: row.country as PhoneCountry,
      city: view.city,
      office_name: (officeId && (await this.repository.officeName(officeId))) || null,
    };
  }

  async completeRegistration(
    userId: string,
    token: string,
    dto: CompleteRegistrationDto,
  ): Promise<UserTokenDto> {
    const row = await this.pendingRegistration(this.db, userId, token);
    if (dto.password !== dto.password_confirmation) throw passwordMismatch();
    const phone = normalizePhone(dto.telephone, row.country as PhoneCountry, false);
    if (!phone) throw invalidPhone();
    const passwordHash = await hashPassword(dto.password);
    const now = this.clock.now();
    const updated = await this.transactions.run(async (tx) => {
      // Single use: the link is spent in the same transaction that sets the password.
      const owner = await this.links.consume(tx, 'registration', 'user', token, now);
      if (owner !== userId) return undefined;
      return this.repository.completeUserRegistration(
        userId,
        {
          passwordHash,
          telephone: phone.e164,
          phoneVerifiedAt: row.telephone === phone.e164 ? row.phoneVerifiedAt : null,
          cguAcceptedAt: now,
          privacyAcceptedAt: now,
        },
        tx,
      );
    });
    if (!updated) throw registrationNotFound();
    return {
      token: this.credentials.issueToken('user', updated.id),
      user: await loadUserView(this.repository, updated),
    };
  }

  /**
   * Admin: mails the sign-up link again (a new token; the worker kills the older links). Only for an
   * active professional who has not finished signing up.
   */
  async resendInvitation(userId: string): Promise<{ message: string }> {
    const row = isUuid(userId) ? await this.repository.findUserById(userId) : undefined;
    if (!row) throw accountNotExist();
    if (row.passwordHash !== null)
      throw new ConflictError(
        'REGISTRATION_ALREADY_COMPLETED',
        'Ce professionnel a déjà finalisé son inscription',
      );
    if (!row.isActive)
      throw new ConflictError(
        'ACCOUNT_DISABLED',
        "Ce compte est désactivé : réactivez-le avant d'envoyer l'invitation",
      );
    await this.enqueueInvitation(this.db, userId);
    return { message: `L'invitation a été renvoyée à ${row.email}.` };
  }

  /** The worker mails the sign-up link (/user/inscription/{userId}?token=...) once `db` commits. */
  enqueueInvitation(db: DbOrTx, userId: string): Promise<unknown> {
    return this.outbox.enqueue(db, {
      queue: QUEUES.notifications,
      jobName: REGISTRATION_INVITE_JOB,
      payload: { userId },
    });
  }

  /**
   * The pending sign-up behind a mailed link. Both the id and the link's token must match: a wrong,
   * used or expired token gets the same 404 as an unknown id, and nothing is revealed without it.
   */
  private async pendingRegistration(db: DbOrTx, userId: string, token: string): Promise<UserRow> {
    if (!isUuid(userId) || token.length === 0) throw registrationNotFound();
    const owner = await this.links.findValid(db, 'registration', 'user', token, this.clock.now());
    const row = owner === userId ? await this.repository.findUserById(userId, db) : undefined;
    if (!row || row.passwordHash !== null || !row.isActive) throw registrationNotFound();
    return row;
  }
}
