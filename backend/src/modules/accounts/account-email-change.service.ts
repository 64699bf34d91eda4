import { DomainError } from '../../common/domain-error';
import { Injectable } from '@nestjs/common';
import type { DbOrTx } from '../../database/database.types';
import { accountNotExist, emailAlreadyExists, mapUserWriteError } from './account-errors';
import { AccountsRepository, isUniqueViolation } from './accounts.repository';

/** The kinds of account whose sign-in address moves through a mailed link. */
export type EmailChangeKind = 'user' | 'attendee';

/**
 * The account side of a sign-in address change, for professionals and clients alike: the address asked for
 * waits in `pending_email` until the link mailed to it is opened (the auth module checks the password, mails
 * the link and spends it), so the current address stays the login until then.
 */
@Injectable()
export class AccountEmailChangeService {
  constructor(private readonly repository: AccountsRepository) {}

  async requestEmailChange(db: DbOrTx, kind: EmailChangeKind, id: string, email: string): Promise<void> {
    const row = await this.find(kind, id, db);
    if (!row) throw accountNotExist();
    if (email === row.email) throw new DomainError('EMAIL_UNCHANGED', 'C’est déjà votre adresse email', 400);
    const taken =
      kind === 'user'
        ? await this.repository.userEmailTaken(email, id)
        : await this.repository.attendeeEmailTaken(email, id);
    if (taken) throw emailAlreadyExists();
    if (kind === 'user') await this.repository.updateUser(id, { pendingEmail: email }, db);
    else await this.repository.updateAttendee(id, { pendingEmail: email }, db);
  }

  /** The current and pending addresses, or undefined without a pending change. */
  async pendingEmailChange(
    kind: EmailChangeKind,
    id: string,
    db?: DbOrTx,
  ): Promise<{ email: string; pendingEmail: string; firstName: string | null } | undefined> {
    const row = await this.find(kind, id, db);
    if (!row || !row.isActive || !row.pendingEmail) return undefined;
    return { email: row.email, pendingEmail: row.pendingEmail, firstName: row.firstName };
  }

  /** Moves the account to the address it confirmed; undefined when no change is pending. */
  async applyPendingEmail(db: DbOrTx, kind: EmailChangeKind, id: string): Promise<string | undefined> {
    const row = await this.find(kind, id, db);
    if (!row?.pendingEmail) return undefined;
    try {
      if (kind === 'user')
        await this.repository.updateUser(id, { email: row.pendingEmail, pendingEmail: null }, db);
      else await this.repository.updateAttendee(id, { email: row.pendingEmail, pendingEmail: null }, db);
    } catch (error) {
      if (kind === 'attendee' && isUniqueViolation(error)) throw emailAlreadyExists();
      throw mapUserWriteError(error);
    }
    return row.pendingEmail;
  }

  private find(kind: EmailChangeKind, id: string, db?: DbOrTx) {
    return kind === 'user' ? this.repository.findUserById(id, db) : this.repository.findAttendeeById(id, db);
  }
}
