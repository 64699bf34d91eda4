import { Injectable, Logger } from '@nestjs/common';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../database/database.types';
import { ConflictError, DomainError } from '../../common/domain-error';
import type { CalendarProviderPort } from './calendar-provider.port';
import { BusyTimesRepository } from './busy-times.repository';
import type { ConnectionRow, ExternalCalendarRow } from './calendar-connections.repository';
import { ConnectionAdapters } from './connection-adapters';
import { PushChannels } from './push-channels.service';
import { SyncQueue } from './sync-queue';

/** A provider that has not answered within this time is treated as broken for this booking. */
export const LIVE_CHECK_TIMEOUT_MS = 3_000;

/** What the check of one calendar found. */
type CalendarAnswer =
  | { kind: 'free' | 'trusted' }
  | { kind: 'busy'; calendar: string }
  | { kind: 'unanswered'; calendar: string; connectionId: string; pauseBooking: boolean; reason: string };

/** The outcome at booking: free, busy, or a calendar did not answer and the professional chose to accept. */
export type BookingCheck = 'free' | 'busy' | 'unverified_accepted';

/** A calendar that did not answer, when the professional chose to pause online booking in that case. */
export class CalendarUnverifiedError extends DomainError {
  constructor() {
    super(
      'CALENDAR_UNVERIFIED',
      'L’agenda du professionnel ne peut pas être vérifié pour le moment : la réservation en ligne est suspendue, réessayez dans quelques minutes.',
      503,
    );
  }
}

/**
 * The professional's own calendars at the moment of booking. A calendar whose push channel is proven healthy
 * is trusted as cached; every other one (polled CalDAV and Exchange, push not proven) is asked live for the
 * booked range, within a short time limit. Called before the booking's transaction (never under the agenda
 * lock); the exclusion constraint and the lock stay the arbiter between bookings.
 */
@Injectable()
export class LiveBusyCheck {
  private readonly logger = new Logger(LiveBusyCheck.name);

  constructor(
    private readonly repository: BusyTimesRepository,
    private readonly adapters: ConnectionAdapters,
    private readonly pushChannels: PushChannels,
    private readonly syncQueue: SyncQueue,
  ) {}

  /**
   * At booking (client booking, reschedule): 'busy' when a calendar holds the range, 'free' otherwise. A
   * calendar that does not answer follows the professional's broken-calendar choice: pause online booking
   * (throws CalendarUnverifiedError, a 503 in French) or accept ('unverified_accepted'); logged either way.
   */
  async atBooking(userId: string, start: Date, end: Date, anyCalendar?: boolean): Promise<BookingCheck> {
    // `anyCalendar`: the caller read `calendarsToAskSql` with its own statement; false: nothing to ask.
    if (anyCalendar === false) return 'free';
    const answers = await this.askAll(userId, start, end);
    if (answers.some((a) => a.kind === 'busy')) return 'busy';
    const unanswered = answers.filter((a) => a.kind === 'unanswered');
    if (unanswered.length === 0) return 'free';
    const refuse = unanswered.some((a) => a.pauseBooking);
    for (const a of unanswered)
      this.logger.warn(
        { userId, connectionId: a.connectionId, outcome: refuse ? 'booking_refused' : 'booking_accepted' },
        `live busy check unanswered (${a.reason}): booking ${refuse ? 'refused' : 'accepted'} by the professional's choice`,
      );
    if (refuse) throw new CalendarUnverifiedError();
    return 'unverified_accepted';
  }

  /**
   * A boolean SQL expression: has the professional (`userId`, an SQL expression such as a placeholder) any
   * calendar `atBooking` asks? Read by the booking with its other reads, so that a professional without
   * connected calendars costs no statement here.
   */
  calendarsToAskSql(userId: string): string {
    return this.repository.liveCheckCalendarsExist(userId);
  }

  /**
   * Under the agenda lock, just before committing a booking: does the cache (as the last sync left it) hold the
   * range? A sync that landed between the live check and the lock is seen here; no network call. Read through
   * the booking's own transaction: a second connection taken under the lock would starve the pool under load.
   */
  async cacheHolds(tx: DbOrTx, userId: string, start: Date, end: Date): Promise<boolean> {
    return (await this.repository.cachedConflicts(userId, start, end, tx)).length > 0;
  }

  /**
   * `cacheHolds` as a condition for the booking's own insert (one statement under the agenda lock): true when
   * the cache holds the range.
   */
  cacheHoldsCondition(userId: string, start: Date, end: Date): SQL {
    return sql`EXISTS (${this.repository.cachedOverlap(userId, start, end)})`;
  }

  /**
   * The names of the busy calendars whose cached events hold [start, end), as a JSON array expression over SQL
   * expressions (`userId`, `start`, `end`: e.g. columns of the caller's row), for `assertNoConflictForProfessional`'s
   * `known`: read by the caller with its other reads (the professional's validation).
   */
  cachedConflictsSql(userId: SQL, start: SQL, end: SQL): SQL {
    return this.repository.cachedConflictsSql(userId, start, end);
  }

  /**
   * When the professional validates a pending appointment, enters one by hand or moves one: the calendars (cached
   * or asked live) that hold the range. A 409 lists them unless the professional confirms anyway. `known`: the
   * caller read the cached conflicts (`cachedConflictsSql`) and `calendarsToAskSql` with its own statement; a
   * professional without calendars to ask then costs no statement here.
   */
  async assertNoConflictForProfessional(
    userId: string,
    start: Date,
    end: Date,
    confirmed: boolean,
    known?: { cached: string[]; calendarsToAsk: boolean },
  ): Promise<void> {
    if (confirmed) return;
    const cached = known ? known.cached : await this.repository.cachedConflicts(userId, start, end);
    const asked = known && !known.calendarsToAsk ? [] : await this.askAll(userId, start, end);
    const live = asked.flatMap((a) => (a.kind === 'busy' ? [a.calendar] : []));
    const calendars = [...new Set([...cached, ...live])];
    if (calendars.length === 0) return;
    const names = `« ${calendars.join(' », « ')} »`;
    throw new ConflictError(
      'CALENDAR_CONFLICT',
      calendars.length === 1
        ? `Votre calendrier ${names} a un événement sur ce créneau : confirmez pour valider quand même.`
        : `Vos calendriers ${names} ont un événement sur ce créneau : confirmez pour valider quand même.`,
    );
  }

  private async askAll(userId: string, start: Date, end: Date): Promise<CalendarAnswer[]> {
    const calendars = await this.repository.liveCheckCalendars(userId);
    return Promise.all(calendars.map((c) => this.ask(c, start, end)));
  }

  private async ask(
    {
      calendar,
      connection,
      zone,
    }: { calendar: ExternalCalendarRow; connection: ConnectionRow; zone: string },
    start: Date,
    end: Date,
  ): Promise<CalendarAnswer> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${LIVE_CHECK_TIMEOUT_MS} ms`)),
          LIVE_CHECK_TIMEOUT_MS,
        );
      });
      const work = async (): Promise<CalendarAnswer> => {
        const adapter: CalendarProviderPort = await this.adapters.adapterOf(connection);
        if (adapter.push && (await this.pushChannels.isProven(calendar.id, adapter.push)))
          return { kind: 'trusted' };
        const ranges = await adapter.fetchBusy({ externalId: calendar.externalId }, start, end, {
          allDayBlocks: calendar.allDayBlocks,
          zone,
        });
        const own = await this.repository.ownUids(ranges.map((r) => r.uid).filter((u): u is string => !!u));
        const busy = ranges.some((r) => !(r.uid && own.has(r.uid)) && r.start < end && r.end > start);
        if (!busy) return { kind: 'free' };
        // The cache is behind: sync this calendar now, so the pages stop offering what it holds.
        await this.syncQueue.enqueueSync(calendar.id).catch(() => undefined);
        await this.syncQueue.markChanged(calendar.id);
        return { kind: 'busy', calendar: calendar.displayName };
      };
      return await Promise.race([work(), timeout]);
    } catch (error) {
      return {
        kind: 'unanswered',
        calendar: calendar.displayName,
        connectionId: connection.id,
        pauseBooking: connection.pauseBookingWhenBroken,
        reason: error instanceof Error ? error.message : String(error),
      };
    } finally {
      clearTimeout(timer);
    }
  }
}
