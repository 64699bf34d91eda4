import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { DbOrTx } from '../../database/database.types';
import { AccessTokens, AccountKind } from '../identity';
import { isUuid } from '@rdv/sectors';
import { loadUserView, toAdminView, toAttendeeView } from './account-views';
import type { AdminDto, AttendeeDto, UserDto } from './accounts.dto';
import { AccountsRepository } from './accounts.repository';

/** Credentials of an account, for the login and reset flows of the auth module. */
export interface AccountCredentials {
  id: string;
  email: string;
  firstName: string | null;
  passwordHash: string | null;
  active: boolean;
}

export type AccountView = UserDto | AttendeeDto | AdminDto;

/** What sign-in needs of any kind of account; only professionals and attendees can be deactivated. */
function toCredentials(
  row:
    | { id: string; email: string; firstName: string | null; passwordHash: string | null; isActive?: boolean }
    | undefined,
): AccountCredentials | undefined {
  return (
    row && {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      passwordHash: row.passwordHash,
      active: row.isActive ?? true,
    }
  );
}

/**
 * The accounts as sign-in sees them, for every kind (professional, attendee, administrator): credentials
 * to check, the view answered after sign-in, the password hash to replace, and the session token.
 */
@Injectable()
export class AccountCredentialsService {
  private readonly tokens: AccessTokens;

  constructor(
    private readonly repository: AccountsRepository,
    @Inject(ENV) env: Env,
  ) {
    this.tokens = new AccessTokens(env.JWT_SECRET);
  }

  /** Where notices for the back office go (e.g. a new registration request): every admin account. */
  adminEmails(): Promise<string[]> {
    return this.repository.listAdminEmails();
  }

  async credentials(kind: AccountKind, identifier: string): Promise<AccountCredentials | undefined> {
    if (kind === 'user') return toCredentials(await this.repository.findUserByLogin(identifier));
    if (kind === 'attendee') return toCredentials(await this.repository.findAttendeeByEmail(identifier));
    return toCredentials(await this.repository.findAdminByEmail(identifier));
  }

  /** Credentials by id (password reset mail). */
  async credentialsById(kind: AccountKind, id: string): Promise<AccountCredentials | undefined> {
    if (!isUuid(id)) return undefined;
    if (kind === 'user') return toCredentials(await this.repository.findUserById(id));
    if (kind === 'attendee') return toCredentials(await this.repository.findAttendeeById(id));
    return toCredentials(await this.repository.findAdminById(id));
  }

  /** The account without secrets, or undefined when it no longer exists or is deactivated. */
  async view(kind: AccountKind, id: string): Promise<AccountView | undefined> {
    if (!isUuid(id)) return undefined;
    if (kind === 'user') {
      const row = await this.repository.findUserById(id);
      return row && row.isActive ? loadUserView(this.repository, row) : undefined;
    }
    if (kind === 'attendee') {
      const row = await this.repository.findAttendeeById(id);
      return row && row.isActive ? toAttendeeView(row) : undefined;
    }
    const row = await this.repository.findAdminById(id);
    return row && toAdminView(row);
  }

  setPasswordHash(db: DbOrTx, kind: AccountKind, id: string, passwordHash: string): Promise<boolean> {
    return this.repository.setPasswordHash(db, kind, id, passwordHash);
  }

  issueToken(kind: AccountKind, id: string, notRevokedBy?: Date): string {
    return this.tokens.sign({ kind, id }, notRevokedBy);
  }
}
