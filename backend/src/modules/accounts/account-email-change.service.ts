import { DomainError } from '../../common/domain-error';
import { Injectable } from '@nestjs/common';
import type { DbOrTx } from '../../database/database.types';
import { accountNotExist, emailAlreadyExists, mapUserWriteError } from './account-errors';
import { AccountsRepository } from './accounts.repository';

/**
 * The account side of a login-address change: the address asked for waits in `pending_email` until the
 * link mailed to it is opened (the auth module checks the password, mails the link and spends it), so the
 * current address stays the login until then.
 */
@Injectable()
export class AccountEmailChangeService {
  constructor(private readonly repository: AccountsRepository) {}

  async requestEmailChange(db: DbOrTx, userId: string, email: string): Promise<void> {
    const row = await this.repository.findUserById(userId, db);
    if (!row) throw accountNotExist();
    if (email === row.email) throw new DomainError('EMAIL_UNCHANGED', 'C’est déjà votre adresse email', 400);
    if (await this.repository.userEmailTaken(email, userId)) throw emailAlreadyExists();
    await this.repository.updateUser(userId, { pendingEmail: email }, db);
  }

  /** The professional's current and pending addresses, or undefined without a pending change. */
  async pendingEmailChange(
    userId: string,
    db?: DbOrTx,
  ): Promise<{ email: string; pendingEmail: string; firstName: string | null } | undefined> {
    const row = await this.repository.findUserById(userId, db);
    if (!row || !row.isActive || !row.pendingEmail) return undefined;
    return { email: row.email, pendingEmail: row.pendingEmail, firstName: row.firstName };
  }

  /** Moves the professional to the address they confirmed; undefined when no change is pending. */
  async applyPendingEmail(db: DbOrTx, userId: string): Promise<string | undefined> {
    const row = await this.repository.findUserById(userId, db);
    if (!row?.pendingEmail) return undefined;
    try {
      await this.repository.updateUser(userId, { email: row.pendingEmail, pendingEmail: null }, db);
    } catch (error) {
      throw mapUserWriteError(error);
    }
    return row.pendingEmail;
  }
}
