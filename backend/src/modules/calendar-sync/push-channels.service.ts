import { Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { InjectRedis } from '../../redis/redis.module';
import type {
  CalendarProviderPort,
  CalendarRef,
  PushCapability,
  PushChannel,
} from './calendar-provider.port';
import { CalendarConnectionsRepository, type ConnectionRow } from './calendar-connections.repository';
import { SyncQueue } from './sync-queue';

/** Redis: one calendar's live channel { id, expiresAt }, kept until it ends. */
export const pushChannelKey = (kind: string, calendarId: string) => `calendar-sync:${kind}:${calendarId}`;
/**
 * A channel is trusted (the cache is then fresh enough to book on) while a notification arrived or the channel
 * was opened or renewed within this time; past it, bookings ask the provider live.
 */
const PUSH_PROVEN_SECONDS = 24 * 3600;
const provenKey = (calendarId: string) => `calendar-sync:push-proven:${calendarId}`;
/** After a refusal (e.g. the provider cannot reach a development host) the next try waits this long. */
const PAUSE_AFTER_FAILURE_SECONDS = 3600;

/**
 * Change notifications from providers that push (the port's optional capability): a channel opened after a
 * good sync when there is none, renewed before it ends, ended with the account; a genuine notification
 * queues a sync of its calendar. A failure only costs the push: the periodic sync remains.
 */
@Injectable()
export class PushChannels {
  private readonly logger = new Logger(PushChannels.name);

  constructor(
    private readonly repository: CalendarConnectionsRepository,
    private readonly syncQueue: SyncQueue,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  /** Opens the calendar's channel when there is none, renews it once less than the provider's margin remains. */
  async ensure(calendarId: string, calendar: CalendarRef, push: PushCapability): Promise<void> {
    const key = pushChannelKey(push.kind, calendarId);
    const pause = `${key}:pause`;
    let busy = false;
    try {
      if (await this.redis.exists(pause)) return;
      const stored = await this.redis.get(key);
      const known = stored ? (JSON.parse(stored) as PushChannel) : null;
      if (known && known.expiresAt - Date.now() > push.renewMarginMs) return;
      // Two syncs of the calendar at once (a push and the periodic one): one opens, the other leaves it.
      if ((await this.redis.set(`${key}:busy`, '1', 'PX', 30_000, 'NX')) !== 'OK') return;
      busy = true;
      let live: PushChannel | null = known && push.renew ? await push.renew(known) : null;
      live ??= await push.open(calendar, calendarId);
      await this.redis.set(key, JSON.stringify(live), 'PX', Math.max(60_000, live.expiresAt - Date.now()));
      await this.redis.set(provenKey(calendarId), '1', 'EX', PUSH_PROVEN_SECONDS);
    } catch (error) {
      await this.redis.set(pause, '1', 'EX', PAUSE_AFTER_FAILURE_SECONDS).catch(() => undefined);
      this.logger.warn(
        { calendarId, kind: push.kind },
        `push channel not opened: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      if (busy) await this.redis.del(`${key}:busy`).catch(() => undefined);
    }
  }

  /**
   * Before an account is forgotten: its channels are ended at the provider when it can, and forgotten here.
   * Best effort: a failure does not keep the account.
   */
  async endAll(connection: ConnectionRow, adapterOf: () => Promise<CalendarProviderPort>): Promise<void> {
    let push: PushCapability | undefined;
    try {
      push = (await adapterOf()).push;
    } catch {
      return;
    }
    if (!push) return;
    for (const calendar of await this.repository.listCalendars([connection.id])) {
      const key = pushChannelKey(push.kind, calendar.id);
      const stored = await this.redis.get(key);
      if (!stored) continue;
      try {
        await push.close?.(JSON.parse(stored) as PushChannel);
      } catch (error) {
        this.logger.warn(
          { connectionId: connection.id, kind: push.kind },
          `push channel not ended: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      await this.redis.del(key);
    }
  }

  /**
   * Whether the calendar's push channel is proven healthy: open, and heard from (a notification, an opening
   * or a renewal) recently. A Redis failure answers no: the booking then asks the provider live.
   */
  async isProven(calendarId: string, push: PushCapability): Promise<boolean> {
    try {
      return (await this.redis.exists(pushChannelKey(push.kind, calendarId), provenKey(calendarId))) === 2;
    } catch {
      return false;
    }
  }

  /** Genuine notifications (checked by their receiver): each calendar still blocking is synced by a job, once. */
  async onNotified(calendarIds: Iterable<string>): Promise<void> {
    for (const calendarId of new Set(calendarIds)) {
      await this.redis.set(provenKey(calendarId), '1', 'EX', PUSH_PROVEN_SECONDS);
      const calendar = await this.repository.findCalendar(calendarId);
      if (calendar?.useForBusy) await this.syncQueue.enqueueSync(calendarId);
    }
  }
}
