import { Injectable } from '@nestjs/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import {
  appointmentCalendarEvents,
  appointmentDetails,
  calendarConnections,
  externalCalendars,
} from '../../database/schema';
import type { AppointmentMode, AppointmentStatus } from '@rdv/sectors';
import type { ConnectionRow, ExternalCalendarRow } from './calendar-connections.repository';

export type WriteBackRow = typeof appointmentCalendarEvents.$inferSelect;

/** What the write-back needs of an appointment (read-only view of the booking tables). */
export interface AppointmentToWrite {
  id: string;
  refAppointment: string;
  userId: string;
  status: AppointmentStatus;
  mode: AppointmentMode;
  startsAt: Date;
  endsAt: Date;
  location: string | null;
  visioUrl: string | null;
  motiveTitle: string | null;
  clientName: string | null;
}

/** An appointment as written into external calendars and the ICS feed (one shape for both). */
export const APPOINTMENT_TO_WRITE_FROM = sql.raw(`
  SELECT a.id, a.ref_appointment AS "refAppointment", a.user_id AS "userId", a.status, a.mode,
         a.starts_at AS "startsAt", a.ends_at AS "endsAt", a.location, d.visio_url AS "visioUrl",
         m.title AS "motiveTitle",
         -- An appointment entered by hand carries the client as the professional typed them, never the account's
         -- own name (naming an address grants nothing of that account).
         CASE WHEN d.created_by = 'user'
              THEN NULLIF(trim(concat_ws(' ', d.contact_first_name, d.contact_last_name)), '')
              ELSE NULLIF(trim(concat_ws(' ', at.first_name, at.last_name)), '') END AS "clientName"
  FROM appointments a
  LEFT JOIN appointment_details d ON d.appointment_id = a.id
  LEFT JOIN motives m ON m.id = a.motive_id
  LEFT JOIN attendees at ON at.id = a.attendee_id`);

/** SQL of the write-back: which appointment goes where, and the events written for it (by UID). */
@Injectable()
export class WriteBackRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async findAppointmentToWrite(appointmentId: string): Promise<AppointmentToWrite | undefined> {
    const result = await this.db.execute<AppointmentToWrite & Record<string, unknown>>(sql`
      ${APPOINTMENT_TO_WRITE_FROM}
      WHERE a.id = ${appointmentId}`);
    const row = result.rows[0];
    return row && { ...row, startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) };
  }

  /** The professional's write-target calendar with its connection, when one is chosen. */
  async findWriteTarget(
    userId: string,
  ): Promise<{ calendar: ExternalCalendarRow; connection: ConnectionRow } | undefined> {
    const [row] = await this.db
      .select({ calendar: externalCalendars, connection: calendarConnections })
      .from(externalCalendars)
      .innerJoin(calendarConnections, eq(calendarConnections.id, externalCalendars.connectionId))
      .where(and(eq(externalCalendars.userId, userId), eq(externalCalendars.isWriteTarget, true)));
    return row;
  }

  /** Where the appointment was written (not deleted yet), with each calendar's connection. */
  listWrites(
    appointmentId: string,
  ): Promise<Array<{ write: WriteBackRow; calendar: ExternalCalendarRow; connection: ConnectionRow }>> {
    return this.db
      .select({
        write: appointmentCalendarEvents,
        calendar: externalCalendars,
        connection: calendarConnections,
      })
      .from(appointmentCalendarEvents)
      .innerJoin(externalCalendars, eq(externalCalendars.id, appointmentCalendarEvents.externalCalendarId))
      .innerJoin(calendarConnections, eq(calendarConnections.id, externalCalendars.connectionId))
      .where(
        and(
          eq(appointmentCalendarEvents.appointmentId, appointmentId),
          isNull(appointmentCalendarEvents.deletedAt),
        ),
      );
  }

  /**
   * Records the intent to write before calling the provider, so the UID is known as ours (own_event) even
   * if a sync reads the event before the write's answer comes back.
   */
  async upsertWriteIntent(
    appointmentId: string,
    externalCalendarId: string,
    eventUid: string,
  ): Promise<WriteBackRow> {
    const [row] = await this.db
      .insert(appointmentCalendarEvents)
      .values({ appointmentId, externalCalendarId, eventUid })
      .onConflictDoUpdate({
        target: [appointmentCalendarEvents.appointmentId, appointmentCalendarEvents.externalCalendarId],
        set: { deletedAt: null, updatedAt: sql`now()` },
      })
      .returning();
    return row;
  }

  async saveWritten(
    writeId: string,
    written: { ref: string; etag: string | null; startsAt: Date; endsAt: Date },
  ): Promise<void> {
    await this.db
      .update(appointmentCalendarEvents)
      .set({
        eventRef: written.ref,
        etag: written.etag,
        writtenStartsAt: written.startsAt,
        writtenEndsAt: written.endsAt,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(eq(appointmentCalendarEvents.id, writeId));
  }

  /** The meeting link made with the event, unless the appointment already has one (a mailed link stays). */
  async saveVisioLink(appointmentId: string, url: string): Promise<void> {
    await this.db
      .update(appointmentDetails)
      .set({ visioUrl: url })
      .where(and(eq(appointmentDetails.appointmentId, appointmentId), isNull(appointmentDetails.visioUrl)));
  }

  async markWriteDeleted(writeId: string): Promise<void> {
    await this.db
      .update(appointmentCalendarEvents)
      .set({ deletedAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
      .where(eq(appointmentCalendarEvents.id, writeId));
  }
}
