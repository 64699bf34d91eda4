import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PushCapability } from './calendar-provider.port';
import type { GraphCalendarAdapter } from './graph.adapter';

/**
 * Graph subscriptions' clientState: `<calendar uuid>.<HMAC>` under a key derived from JWT_SECRET, so the
 * receiver checks a notification and learns which calendar to sync without any storage (as GoogleWatchChannels).
 */
export class GraphClientStates {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('graph-calendar-subscription').digest();
  }

  clientStateFor(calendarId: string): string {
    return `${calendarId}.${this.mac(calendarId)}`;
  }

  /** The calendar a genuine notification is about, or null (unknown or forged clientState). */
  calendarOf(clientState: unknown): string | null {
    if (typeof clientState !== 'string') return null;
    const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([\w-]{43})$/.exec(
      clientState,
    );
    if (!match) return null;
    const expected = Buffer.from(this.mac(match[1]!));
    const given = Buffer.from(match[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
  }

  private mac(calendarId: string): string {
    return createHmac('sha256', this.key).update(calendarId).digest('base64url');
  }
}

/** A subscription is renewed once less than this remains (they last 70 hours, Graph's limit is ~3 days). */
export const SUBSCRIPTION_RENEW_MARGIN_MS = 24 * 3600_000;
/** Redis: the calendar's live subscription { id, expiresAt }, kept until it expires. */
export const graphSubscriptionKey = (calendarId: string) => `calendar-sync:graph-subscription:${calendarId}`;

/**
 * Graph's push as the port's optional capability: a subscription whose clientState carries our calendar
 * (GraphClientStates), renewed in place, deleted when the account is forgotten so Microsoft stops watching
 * the mailbox for us at once rather than at its expiry.
 */
export function graphSubscriptionPush(
  adapter: GraphCalendarAdapter,
  clientStates: GraphClientStates,
  notificationUrl: string,
): PushCapability {
  return {
    kind: 'graph-subscription',
    renewMarginMs: SUBSCRIPTION_RENEW_MARGIN_MS,
    open: (calendar, calendarId) =>
      adapter.subscribe(calendar, { notificationUrl, clientState: clientStates.clientStateFor(calendarId) }),
    async renew(channel) {
      const renewed = await adapter.renewSubscription(channel.id);
      return renewed ? { id: channel.id, expiresAt: renewed.expiresAt } : null;
    },
    close: (channel) => adapter.deleteSubscription(channel.id),
  };
}
