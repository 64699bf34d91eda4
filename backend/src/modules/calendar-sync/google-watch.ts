import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PushCapability } from './calendar-provider.port';
import type { GoogleCalendarAdapter } from './google.adapter';

/**
 * Google watch channels: the channel id carries our calendar id (`<uuid>_<random>`), the channel token is
 * an HMAC of the channel id under a key derived from JWT_SECRET, so the receiver checks a notification
 * without any storage and learns which calendar to sync.
 */
export class GoogleWatchChannels {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('google-calendar-watch').digest();
  }

  channelFor(calendarId: string): { id: string; token: string } {
    const id = `${calendarId}_${randomBytes(8).toString('hex')}`;
    return { id, token: this.tokenOf(id) };
  }

  /** The calendar a genuine notification is about, or null (unknown channel, wrong token). */
  calendarOf(channelId: string | undefined, token: string | undefined): string | null {
    if (!channelId || !token) return null;
    const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_[0-9a-f]{16}$/.exec(
      channelId,
    );
    if (!match) return null;
    const expected = Buffer.from(this.tokenOf(channelId));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
  }

  private tokenOf(channelId: string): string {
    return createHmac('sha256', this.key).update(channelId).digest('base64url');
  }
}

/** Renewed a day before Google ends the channel (calendar channels last up to about a week). */
export const WATCH_RENEW_MARGIN_MS = 24 * 3600_000;

/**
 * Google's push as the port's optional capability: a watch channel whose id and token carry our calendar
 * (GoogleWatchChannels). Google does not extend a channel: a new one is opened before the old one ends.
 */
export function googleWatchPush(
  adapter: GoogleCalendarAdapter,
  channels: GoogleWatchChannels,
  address: string,
): PushCapability {
  return {
    kind: 'google-watch',
    renewMarginMs: WATCH_RENEW_MARGIN_MS,
    async open(calendar, calendarId) {
      const channel = channels.channelFor(calendarId);
      const opened = await adapter.watch(calendar, { ...channel, address });
      return { id: channel.id, expiresAt: opened.expiration ?? Date.now() + 7 * 24 * 3600_000 };
    },
  };
}
