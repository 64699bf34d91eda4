import { createHmac, timingSafeEqual } from 'node:crypto';

export const EVENT_ACTIONS = ['validate', 'refuse'] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

/** Links in the professional's mail stay valid this long (the appointment state decides the rest). */
export const EVENT_ACTION_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

interface EventActionClaims {
  /** appointment id */
  e: string;
  /** action */
  a: EventAction;
  /** expiry, epoch seconds */
  x: number;
}

/**
 * Single-purpose signed tokens of the "validate / refuse" links sent to the professional
 * (`/user/event-action?token=...&action=...`): HMAC-SHA256 with a key derived from JWT_SECRET and a
 * purpose label, so they can never be used as access tokens nor for another appointment or action.
 */
export class EventActionTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('event-action-link/v1').digest();
  }

  sign(appointmentId: string, action: EventAction, now = Date.now()): string {
    const claims: EventActionClaims = {
      e: appointmentId,
      a: action,
      x: Math.floor((now + EVENT_ACTION_TOKEN_TTL_MS) / 1000),
    };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The appointment id when the token is authentic, unexpired and made for `action`; undefined otherwise. */
  verify(token: string, action: EventAction, now = Date.now()): string | undefined {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const claims = JSON.parse(
        Buffer.from(body, 'base64url').toString('utf8'),
      ) as Partial<EventActionClaims>;
      if (claims.a !== action || typeof claims.e !== 'string' || typeof claims.x !== 'number')
        return undefined;
      if (claims.x * 1000 < now) return undefined;
      return claims.e;
    } catch {
      return undefined;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
