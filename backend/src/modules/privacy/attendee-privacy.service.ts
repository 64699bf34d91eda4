import { Injectable } from '@nestjs/common';
import { DomainError } from '../../common/domain-error';
import { Transactions } from '../../database/database.module';
import { accountNotExist, AccountCredentialsService } from '../accounts';
import { Sessions, verifyPassword } from '../identity';
import { ClientFoldersService } from '../client-folders';
import { OutboxService } from '../outbox';
import { ACCOUNT_DELETED_JOB } from './account-deleted.mail';
import { PrivacyRepository } from './privacy.repository';
import { isUuid } from '@rdv/sectors';

export interface AttendeeDataExport {
  exported_at: string;
  /** Rows by table name, as stored (secrets and the professionals' private notes left out). */
  tables: Record<string, Record<string, unknown>[]>;
}

/**
 * GDPR rights of an attendee: the export of every row about them and the erasure of their account.
 * Exported for other modules (the admin console's erasure and export of a client call
 * `exportAttendeeData` / `eraseAttendee` after their own access checks).
 */
@Injectable()
export class AttendeePrivacyService {
  constructor(
    private readonly repository: PrivacyRepository,
    private readonly transactions: Transactions,
    private readonly sessions: Sessions,
    private readonly folders: ClientFoldersService,
    private readonly accounts: AccountCredentialsService,
    private readonly outbox: OutboxService,
  ) {}

  async exportAttendeeData(attendeeId: string): Promise<AttendeeDataExport> {
    const found = isUuid(attendeeId) ? await this.repository.subject(attendeeId) : undefined;
    if (!found) throw accountNotExist();
    return {
      exported_at: new Date().toISOString(),
      tables: await this.repository.export(found.subject),
    };
  }

  /** The attendee deletes their own account: their password confirms it. */
  async deleteOwnAccount(attendeeId: string, password: string): Promise<{ message: string }> {
    const credentials = await this.accounts.credentialsById('attendee', attendeeId);
    if (!credentials) throw accountNotExist();
    if (!(await verifyPassword(credentials.passwordHash, password)))
      throw new DomainError('CURRENT_PASSWORD_INVALID', 'Mot de passe incorrect', 400);
    await this.eraseAttendee(attendeeId);
    return {
      message:
        'Votre compte a été supprimé : vos documents et vos informations personnelles ont été effacés. Un email de confirmation vous a été envoyé.',
    };
  }

  /**
   * Erases an attendee, the one path for the client's own deletion and the console's erasure: sessions
   * revoked, every table of the personal-data registry cleared of the person (documents, messages, folders,
   * slot alerts, audit snapshots...), appointments kept for the professionals' records without anything
   * naming the person, a confirmation mail to the address the account had.
   */
  async eraseAttendee(attendeeId: string): Promise<void> {
    const found = isUuid(attendeeId) ? await this.repository.subject(attendeeId) : undefined;
    if (!found) throw accountNotExist();
    const files = await this.folders.storageNamesOfAttendee(attendeeId);
    await this.transactions.run(async (tx) => {
      await this.sessions.revokeAll(tx, 'attendee', attendeeId, new Date());
      await this.repository.erase(tx, found.subject);
      // after the erasure (which clears the outbox of the person): the confirmation mail must survive it
      await this.outbox.enqueue(tx, {
        queue: 'notifications',
        jobName: ACCOUNT_DELETED_JOB,
        payload: { email: found.email, firstName: found.firstName },
      });
    });
    await this.folders.removeStoredFiles(files);
  }
}
