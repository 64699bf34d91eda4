import { Injectable } from '@nestjs/common';
import { Transactions } from '../../database/database.module';
import { Clock, Sessions } from '../identity';
import { isUuid } from '@rdv/sectors';
import { accountNotExist } from './account-errors';
import type { AdminClientDto } from './admin-clients.dto';
import { AccountsRepository, type AttendeeRow } from './accounts.repository';

function toAdminClient(row: AttendeeRow): AdminClientDto {
  return {
    id: row.id,
    email: row.email,
    civility: row.civility,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    birthdate: row.birthdate,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The clients' accounts as the admin console lists, shows, deactivates and reactivates them. */
@Injectable()
export class AdminClientsService {
  constructor(
    private readonly repository: AccountsRepository,
    private readonly clock: Clock,
    private readonly sessions: Sessions,
    private readonly transactions: Transactions,
  ) {}

  async adminListAttendees(
    filter: { q?: string; isActive?: boolean; ids?: string[] },
    sort: { field: 'email' | 'lastName' | 'createdAt'; order: 'ASC' | 'DESC' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: AdminClientDto[]; total: number }> {
    const { rows, total } = await this.repository.listAttendeesForAdmin(filter, sort, page);
    return { rows: rows.map(toAdminClient), total };
  }

  async adminGetAttendee(id: string): Promise<AdminClientDto> {
    const row = isUuid(id) ? await this.repository.findAttendeeById(id) : undefined;
    if (!row) throw accountNotExist();
    return toAdminClient(row);
  }

  /** Deactivates (sessions ended at once) or reactivates a client. */
  async adminSetAttendeeActive(
    id: string,
    isActive: boolean,
  ): Promise<{ before: AdminClientDto; after: AdminClientDto }> {
    return this.transactions.run(async (tx) => {
      const before = isUuid(id) ? await this.repository.findAttendeeById(id, tx) : undefined;
      if (!before) throw accountNotExist();
      const after = (await this.repository.setAttendeeActive(tx, id, isActive))!;
      if (!isActive) await this.sessions.revokeAll(tx, 'attendee', id, this.clock.now());
      return { before: toAdminClient(before), after: toAdminClient(after) };
    });
  }
}
