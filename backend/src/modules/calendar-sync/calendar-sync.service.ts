import { Injectable, Logger } from '@nestjs/common';
import { DateTime } from 'luxon';
import {
  CalendarAuthError,
  CalendarProviderError,
  type CalendarProviderPort,
  type SyncCursor,
} from './calendar-provider.port';
import { ServerAddressForbiddenError, REAUTH_MESSAGE } from './calendar-sync.errors';
import { BusyTimesRepository } from './busy-times.repository';
import { CalendarConnectionsRepository } from './calendar-connections.repository';
import { ConnectionAdapters } from './connection-adapters';
import { PushChannels } from './push-channels.service';
import { SyncQueue } from './sync-queue';
import { calendarSyncsTotal } from '../../observability/metrics';

/** Busy times are cached this far ahead (the longest booking horizon is 12 months). */
export const SYNC_WINDOW_MONTHS = 12;

export type SyncOutcome = 'synced' | 'unchanged' | 'skipped' | 'needs_reauth' | 'address_refused';

/**
 * The sync engine: brings one calendar's busy times into the busy-range cache the slot query reads. It knows
 * providers only through CalendarProviderPort (push included, as the port's optional capability); the live
 * check at booking is LiveBusyCheck.
 */
@Injectable()
export class CalendarSyncService {
  private readonly logger = new Logger(CalendarSyncService.name);

  constructor(
    private readonly connections: CalendarConnectionsRepository,
    private readonly busyTimes: BusyTimesRepository,
    private readonly adapters: ConnectionAdapters,
    private readonly pushChannels: PushChannels,
    private readonly syncQueue: SyncQueue,
  ) {}

  /**
   * One sync of one calendar: changes since its cursor (a full listing when it has none or the provider
   * refused it) applied to the busy-range cache. A refused credential marks the connection needs_reauth and
   * stops there; other provider failures throw so the job is retried.
   */
  async syncCalendar(calendarId: string): Promise<SyncOutcome> {
    const found = await this.busyTimes.findCalendarForSync(calendarId);
    if (!found || !found.calendar.useForBusy || found.connection.status === 'needs_reauth') return 'skipped';
    const provider = found.connection.provider;
    try {
      const outcome = await this.syncFound(calendarId, found);
      const ok = outcome === 'synced' || outcome === 'unchanged';
      calendarSyncsTotal.inc({ provider, outcome: ok ? 'ok' : 'error' });
      return outcome;
    } catch (error) {
      calendarSyncsTotal.inc({ provider, outcome: 'error' });
      throw error;
    }
  }

  private async syncFound(
    calendarId: string,
    found: NonNullable<Awaited<ReturnType<BusyTimesRepository['findCalendarForSync']>>>,
  ): Promise<SyncOutcome> {
    const { calendar, connection, zone } = found;
    let adapter: CalendarProviderPort;
    try {
      adapter = await this.adapters.adapterOf(connection);
    } catch (error) {
      if (!(error instanceof ServerAddressForbiddenError)) throw error;
      return this.addressRefused(connection.id, error);
    }
    const from = DateTime.now().setZone(zone).startOf('day');
    const options = {
      allDayBlocks: calendar.allDayBlocks,
      zone,
      window: { from: from.toJSDate(), to: from.plus({ months: SYNC_WINDOW_MONTHS }).toJSDate() },
    };
    const cursor: SyncCursor | null =
      calendar.syncCursor || calendar.ctag ? { token: calendar.syncCursor, ctag: calendar.ctag } : null;
    const ref = { externalId: calendar.externalId };
    try {
      let result = await adapter.sync(ref, cursor, options);
      if (result.fullResyncNeeded) result = await adapter.sync(ref, null, options);
      const unchanged = !result.complete && result.upserts.length === 0 && result.deletes.length === 0;
      await this.busyTimes.applySync(calendar, connection.provider, result, result.nextCursor);
      await this.connections.markConnectionOk(connection.id);
      if (adapter.push) await this.pushChannels.ensure(calendarId, ref, adapter.push);
      // A polled calendar that changed is polled faster for a while (its lawyer is at work in it).
      else if (!unchanged && cursor) await this.syncQueue.markChanged(calendarId);
      return unchanged ? 'unchanged' : 'synced';
    } catch (error) {
      // A URL of the flow (the stored calendar's address, a redirect) refused: nothing was sent there.
      if (error instanceof ServerAddressForbiddenError) return this.addressRefused(connection.id, error);
      if (error instanceof CalendarAuthError) {
        await this.connections.markConnectionFailed(connection.id, 'needs_reauth', REAUTH_MESSAGE);
        this.logger.warn({ connectionId: connection.id }, 'calendar connection needs re-authentication');
        return 'needs_reauth';
      }
      if (error instanceof CalendarProviderError) {
        await this.connections.markConnectionFailed(
          connection.id,
          'error',
          'Le serveur de calendrier ne répond pas ; nouvel essai automatique.',
        );
      }
      throw error;
    }
  }

  /** Marked in error for the lawyer to see; no request sent, and no retry (it would be refused again). */
  private async addressRefused(
    connectionId: string,
    error: ServerAddressForbiddenError,
  ): Promise<SyncOutcome> {
    await this.connections.markConnectionFailed(connectionId, 'error', error.message);
    this.logger.warn({ connectionId }, 'calendar server address refused, not synced');
    return 'address_refused';
  }
}
