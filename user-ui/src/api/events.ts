import type { Schemas, operations } from '@rdv/api-client';
import { api, unwrap } from './client';

export type Appointment = Schemas['AppointmentDto'];
export type AppointmentMode = Appointment['mode'];
export type AppointmentStatus = Appointment['status'];
export type AppointmentMessage = Schemas['AppointmentMessageDto'];
export type CreateEventPayload = Schemas['CreateEventByHandDto'];
type EventsQuery = NonNullable<operations['ProfessionalBookingController_list']['parameters']['query']>;
export type EventGroup = NonNullable<EventsQuery['group']>;
export type EventAction = 'validate' | 'refuse';

const event = (id: string) => ({ path: { id } });

/** The professional's appointments (backend module `booking`). */
export const eventsApi = {
  list: (userId: string, group: EventGroup, page = 1, limit = 20, signal?: AbortSignal) =>
    unwrap(
      api.GET('/api/v1/users/{id}/events', {
        params: { path: { id: userId }, query: { group, page, limit } },
        signal,
      }),
    ),
  /** Every appointment overlapping [from, to) (agenda views), at most 100. */
  range: (userId: string, from: string, to: string, signal?: AbortSignal, page = 1) =>
    unwrap(
      api.GET('/api/v1/users/{id}/events', {
        params: { path: { id: userId }, query: { from, to, limit: 100, page } },
        signal,
      }),
    ),
  /** Every appointment overlapping [from, to), page after page (a busy month holds more than 100). */
  rangeAll: async (
    userId: string,
    from: string,
    to: string,
    signal?: AbortSignal,
  ): Promise<Appointment[]> => {
    const first = await eventsApi.range(userId, from, to, signal);
    const rows = [...first.data];
    for (let page = 2; rows.length < first.total && page <= 10; page += 1) {
      const next = await eventsApi.range(userId, from, to, signal, page);
      if (next.data.length === 0) break;
      rows.push(...next.data);
    }
    return rows;
  },
  create: (userId: string, payload: CreateEventPayload) =>
    unwrap(api.POST('/api/v1/users/{id}/events', { params: { path: { id: userId } }, body: payload })),
  /** `confirmConflict`: validate although a connected calendar holds that time (409 CALENDAR_CONFLICT otherwise). */
  validate: (id: string, confirmConflict = false) =>
    unwrap(
      api.POST('/api/v1/events/{id}/validate', {
        params: event(id),
        ...(confirmConflict ? { body: { confirmConflict } } : {}),
      }),
    ),
  refuse: (id: string, reason?: string) =>
    unwrap(api.POST('/api/v1/events/{id}/refuse', { params: event(id), body: reason ? { reason } : {} })),
  cancel: (id: string, reason?: string) =>
    unwrap(api.POST('/api/v1/events/{id}/cancel', { params: event(id), body: reason ? { reason } : {} })),
  move: (id: string, start: string, end?: string, confirmConflict = false) =>
    unwrap(
      api.POST('/api/v1/events/{id}/move', {
        params: event(id),
        body: { start, ...(end ? { end } : {}), ...(confirmConflict ? { confirmConflict } : {}) },
      }),
    ),
  requestAvailabilities: (id: string, message?: string) =>
    unwrap(
      api.POST('/api/v1/events/{id}/request-availabilities', {
        params: event(id),
        body: message ? { message } : {},
      }),
    ),
  /** The availabilities the client proposed through /events-responses/{id}. */
  responses: (id: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/events/{id}/responses', { params: event(id), signal })),
  /** The attendee dialog: the client's history with the professional and their open folder. */
  client: (id: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/events/{id}/client', { params: event(id), signal })),
  /** The mail link: the signed token is the authority, no session needed. */
  eventAction: (token: string, action: EventAction, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/event-action', { params: { query: { token, action } }, signal })),
};
