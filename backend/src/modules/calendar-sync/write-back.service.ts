import { Inject, Injectable } from '@nestjs/common';
import { atOffice, getSector, type Sector } from '@rdv/sectors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { CalendarProvider } from '../../database/schema';
import { CalendarAuthError, type OutgoingEvent } from './calendar-provider.port';
import { ServerAddressForbiddenError, REAUTH_MESSAGE } from './calendar-sync.errors';
import { CalendarConnectionsRepository } from './calendar-connections.repository';
import { WriteBackRepository, type AppointmentToWrite } from './write-back.repository';
import { ConnectionAdapters } from './connection-adapters';

export type WriteBackOutcome =
  'written' | 'moved' | 'unchanged' | 'deleted' | 'nothing' | 'needs_reauth' | 'address_refused';

/** "Au cabinet" / "À l’étude" / "Au salon", "En visio", "Par téléphone". */
function modeLabel(mode: AppointmentToWrite['mode'], sector: Sector): string {
  if (mode === 'visio') return 'En visio';
  if (mode === 'phone') return 'Par téléphone';
  const at = atOffice(sector);
  return at.charAt(0).toUpperCase() + at.slice(1);
}

/** The online meeting a calendar account can make with an event: Meet (Google), Teams (Office 365 work/school). */
function conferenceOf(provider: CalendarProvider): OutgoingEvent['conference'] {
  if (provider === 'google') return 'google_meet';
  if (provider === 'office365') return 'teams';
  return undefined;
}

/** Appointments out: the lawyer's write-target calendar kept in line with their appointments. */
@Injectable()
export class WriteBackService {
  constructor(
    private readonly repository: WriteBackRepository,
    private readonly connections: CalendarConnectionsRepository,
    private readonly adapters: ConnectionAdapters,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Brings the lawyer's write-target calendar in line with the appointment as it is now: a confirmed
   * appointment is created there (or moved), a refused or cancelled one deleted; a pending one is not
   * written. State-driven, so a retried or duplicated job converges to the same result.
   */
  async writeBack(appointmentId: string, uidDomain: string): Promise<WriteBackOutcome> {
    const appointment = await this.repository.findAppointmentToWrite(appointmentId);
    if (!appointment) return 'nothing';
    const writes = await this.repository.listWrites(appointmentId);
    const target =
      appointment.status === 'confirmed'
        ? await this.repository.findWriteTarget(appointment.userId)
        : undefined;
    let outcome: WriteBackOutcome = 'nothing';
    /** the connection being written to, to mark the right one when its server refuses */
    let current = target?.connection.id;
    try {
      // Deleted where it no longer belongs: not confirmed any more, or the lawyer chose another target.
      for (const { write, calendar, connection } of writes) {
        if (target && target.calendar.id === calendar.id) continue;
        if (connection.status === 'needs_reauth') continue;
        if (write.eventRef) {
          current = connection.id;
          await (
            await this.adapters.adapterOf(connection)
          ).deleteEvent({ externalId: calendar.externalId }, { ref: write.eventRef, etag: write.etag });
        }
        await this.repository.markWriteDeleted(write.id);
        outcome = 'deleted';
      }
      if (!target || target.connection.status === 'needs_reauth') return outcome;
      const event = {
        uid: `${appointment.refAppointment}@${uidDomain}`,
        title: `RDV ${appointment.clientName ?? 'client'}${appointment.motiveTitle ? ` - ${appointment.motiveTitle}` : ''}`,
        description: [
          modeLabel(appointment.mode, getSector(this.env.SECTOR)),
          appointment.visioUrl ? `Visio : ${appointment.visioUrl}` : null,
        ]
          .filter(Boolean)
          .join('\n'),
        location: appointment.mode === 'visio' ? appointment.visioUrl : appointment.location,
        start: appointment.startsAt,
        end: appointment.endsAt,
      };
      const existing = writes.find((w) => w.calendar.id === target.calendar.id)?.write;
      current = target.connection.id;
      const adapter = await this.adapters.adapterOf(target.connection);
      const calendarRef = { externalId: target.calendar.externalId };
      if (existing?.eventRef) {
        const same =
          existing.writtenStartsAt?.getTime() === event.start.getTime() &&
          existing.writtenEndsAt?.getTime() === event.end.getTime();
        if (same) return 'unchanged';
        const written = await adapter.updateEvent(
          calendarRef,
          { ref: existing.eventRef, etag: existing.etag },
          event,
        );
        await this.repository.saveWritten(existing.id, {
          ...written,
          startsAt: event.start,
          endsAt: event.end,
        });
        return 'moved';
      }
      const intent = await this.repository.upsertWriteIntent(appointment.id, target.calendar.id, event.uid);
      const written = await adapter.createEvent(calendarRef, {
        ...event,
        conference:
          appointment.mode === 'visio' && !appointment.visioUrl
            ? conferenceOf(target.connection.provider)
            : undefined,
      });
      await this.repository.saveWritten(intent.id, { ...written, startsAt: event.start, endsAt: event.end });
      // The meeting made with the event is the appointment's link (mails, .ics, pages).
      if (written.joinUrl && appointment.mode === 'visio' && !appointment.visioUrl)
        await this.repository.saveVisioLink(appointment.id, written.joinUrl);
      return 'written';
    } catch (error) {
      if (error instanceof CalendarAuthError && target) {
        await this.connections.markConnectionFailed(target.connection.id, 'needs_reauth', REAUTH_MESSAGE);
        return 'needs_reauth';
      }
      const refusedConnection =
        error instanceof ServerAddressForbiddenError && (error.connectionId ?? current);
      if (refusedConnection) {
        // No request sent; marked in error for the lawyer, not retried (it would be refused again).
        await this.connections.markConnectionFailed(refusedConnection, 'error', (error as Error).message);
        return 'address_refused';
      }
      throw error;
    }
  }
}
