import { SignedClaims } from './signed-claims';

export const EVENT_ACTIONS = ['validate', 'refuse'] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

/** Links in the professional's mail stay valid this long (the appointment state decides the rest). */
export const EVENT_ACTION_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

interface EventActionClaims {
  /** appointment id */
  e: string;
  /** action */
  a: EventAction;
}

/**
 * The "validate / refuse" links sent to the professional (`/user/event-action?token=...&action=...`): valid
 * for one appointment and one action only.
 */
export class EventActionTokens {
  private readonly signer: SignedClaims<EventActionClaims>;

  constructor(secret: string) {
    this.signer = new SignedClaims(secret, 'event-action-link/v1');
  }

  sign(appointmentId: string, action: EventAction, now = Date.now()): string {
    return this.signer.sign({ e: appointmentId, a: action }, EVENT_ACTION_TOKEN_TTL_MS, now);
  }

  /** The appointment id when the token is authentic, unexpired and made for `action`; undefined otherwise. */
  verify(token: string, action: EventAction, now = Date.now()): string | undefined {
    const claims = this.signer.verify(token, now);
    return claims?.a === action && typeof claims.e === 'string' ? claims.e : undefined;
  }
}
