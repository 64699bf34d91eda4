import type { Schemas } from '@rdv/api-client';
import { MESSAGES_FR } from '@rdv/sectors';
import type { Attendee, SignInValues, SignUpValues } from '../../lib/attendee';
import type { Appointment } from '../../lib/appointments';
import type { Slot } from '../../lib/directory';
import { euros } from '../../lib/prices';

export type BookingMotive = Schemas['BookingMotiveDto'];

/** "80 € TTC, payé en ligne à la réservation": what a motive costs, before the client commits. */
export function priceLabel(motive: Pick<BookingMotive, 'priceCents' | 'paymentRule'>): string {
  if (motive.priceCents === null) return '';
  return `${euros(motive.priceCents)} TTC${motive.paymentRule === 'at_booking' ? ', payé en ligne à la réservation' : ''}`;
}

/** The client's cancellation rule of a paid motive, in their words. */
export function cancellationRule(
  motive: Pick<BookingMotive, 'cancellationDeadlineHours' | 'lateCancellationRefund'>,
): string {
  const late = { none: 'non remboursée', half: 'remboursée à moitié', all: 'remboursée intégralement' }[
    motive.lateCancellationRefund
  ];
  return `Annulation gratuite jusqu’à ${motive.cancellationDeadlineHours}\u00a0h avant le rendez-vous (remboursement intégral), ensuite ${late}. Un rendez-vous refusé ou annulé par le professionnel est toujours remboursé intégralement.`;
}

export type FeeAgreementPreview = Schemas['AgreementPreviewDto'];

/** What the dialog posts to /participant/reservation to book (the resource route adds the attendee). */
export type CreateEventBody = Omit<Schemas['CreateEventDto'], 'calendar_id'>;

/** An error the dialog shows: French message, the API's code, field errors when any. */
export class BookingError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Partial<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** What the booking dialog needs from the server. The tests give it a fake. */
export interface BookingClient {
  session(): Promise<Attendee | null>;
  motives(userId: string): Promise<BookingMotive[]>;
  slots(
    userId: string,
    query: { motiveId: string; mode: string; from: string; to: string },
  ): Promise<{ slots: Slot[]; timezone: string }>;
  signIn(values: SignInValues): Promise<Attendee>;
  signUp(values: SignUpValues): Promise<Attendee>;
  sendCode(phone: string, phoneCountryCode: string): Promise<{ message: string; phone: string }>;
  verifyCode(token: string): Promise<Attendee>;
  /** The fee agreement the signed-in client must accept for this motive (lawyers' paid motives), or none. */
  feeAgreement(
    userId: string,
    query: { motiveId: string; start: string; legalAid: boolean },
  ): Promise<FeeAgreementPreview>;
  /** `idempotencyKey`: one per booking attempt, sent as the Idempotency-Key header. */
  createEvent(body: CreateEventBody, idempotencyKey: string): Promise<Appointment>;
}

const ENDPOINT = '/participant/reservation';

async function call<T>(input: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(input, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) },
    });
  } catch {
    throw new BookingError(0, 'NETWORK', MESSAGES_FR.networkError);
  }
  const body = (await response.json().catch(() => null)) as
    (T & { ok?: boolean; code?: string; message?: string; errors?: Record<string, string> }) | null;
  if (!response.ok || !body || body.ok === false) {
    throw new BookingError(
      response.status,
      body?.code ?? 'ERROR',
      body?.message ?? MESSAGES_FR.unexpectedError,
      body?.errors ?? {},
    );
  }
  return body;
}

const post = <T>(payload: Record<string, unknown>) =>
  call<T>(ENDPOINT, { method: 'POST', body: JSON.stringify(payload) });

/** The real client: the resource route /participant/reservation, which holds the session cookie. */
export const httpBookingClient: BookingClient = {
  session: async () => (await call<{ attendee: Attendee | null }>(`${ENDPOINT}?intent=session`)).attendee,
  motives: async (userId) =>
    (
      await call<{ motives: BookingMotive[] }>(
        `${ENDPOINT}?${new URLSearchParams({ intent: 'motives', userId })}`,
      )
    ).motives,
  slots: async (userId, query) =>
    call<{ slots: Slot[]; timezone: string }>(
      `${ENDPOINT}?${new URLSearchParams({ intent: 'slots', userId, ...query })}`,
    ),
  feeAgreement: async (userId, query) =>
    (
      await call<{ agreement: FeeAgreementPreview }>(
        `${ENDPOINT}?${new URLSearchParams({ intent: 'feeAgreement', userId, motiveId: query.motiveId, start: query.start, legalAid: String(query.legalAid) })}`,
      )
    ).agreement,
  signIn: async (values) => (await post<{ attendee: Attendee }>({ intent: 'signIn', ...values })).attendee,
  signUp: async (values) => (await post<{ attendee: Attendee }>({ intent: 'signUp', ...values })).attendee,
  sendCode: (phone, phoneCountryCode) =>
    post<{ message: string; phone: string }>({
      intent: 'sendCode',
      phone,
      phone_country_code: phoneCountryCode,
    }),
  verifyCode: async (token) => (await post<{ attendee: Attendee }>({ intent: 'verifyCode', token })).attendee,
  createEvent: async (body, idempotencyKey) =>
    (await post<{ appointment: Appointment }>({ intent: 'createEvent', ...body, idempotencyKey }))
      .appointment,
};

/**
 * A fresh Idempotency-Key. crypto.randomUUID only exists on https (and localhost):
 * getRandomValues works everywhere.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
