import { Injectable } from '@nestjs/common';
import type { DbOrTx } from '../../database/database.types';
import {
  type AppointmentRecord,
  AppointmentRecordsRepository,
  type AppointmentStatus,
  type EventGroup,
} from './appointment-records.repository';

/** Reads appointments in their one shape, `AppointmentRecord` (see appointment-records.repository.ts). */
@Injectable()
export class AppointmentRecords {
  constructor(private readonly repository: AppointmentRecordsRepository) {}

  /** By id or by reference; inside `db` (a transaction) and locked FOR UPDATE when `lock`. */
  find(
    where: { id?: string; ref?: string },
    db?: DbOrTx,
    lock = false,
  ): Promise<AppointmentRecord | undefined> {
    return this.repository.findRecord(where, db, lock);
  }

  listForUser(
    userId: string,
    filter: { group?: EventGroup; from?: Date; to?: Date; now: Date },
    page: { offset: number; limit: number },
  ): Promise<{ rows: AppointmentRecord[]; total: number }> {
    return this.repository.listForUser(userId, filter, page);
  }

  /** The console's list: filters on professional, attendee, status and start dates; sort on a few columns. */
  listForAdmin(
    filter: {
      userId?: string;
      attendeeId?: string;
      status?: AppointmentStatus;
      from?: Date;
      to?: Date;
      ids?: string[];
    },
    sort: { field: 'startsAt' | 'createdAt' | 'status'; order: 'ASC' | 'DESC' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: AppointmentRecord[]; total: number }> {
    return this.repository.listForAdmin(filter, sort, page);
  }

  listForAttendee(
    attendeeId: string,
    page: { offset: number; limit: number },
  ): Promise<{ rows: AppointmentRecord[]; total: number }> {
    return this.repository.listForAttendee(attendeeId, page);
  }
}
