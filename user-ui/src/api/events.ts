import { api } from './client';

export type AppointmentMode = 'in_person' | 'visio' | 'phone';
export type AppointmentStatus = 'pending' | 'confirmed' | 'refused' | 'cancelled';
export type EventGroup = 'past' | 'pending' | 'upcoming';

export interface Appointment {
  _id: string;
  id_event: string;
  refAppointment: string;
  status: AppointmentStatus;
  mode: AppointmentMode;
  start: string;
  end: string;
  timezone: string;
  title: string | null;
  location: string | null;
  visioUrl: string | null;
  notes: string | null;
  user_id: string;
  motive: { id: string; title: string } | null;
  attendee_id: string | null;
  attendee: {
    _id: string;
    civility: string | null;
    first_name: string | null;
    last_name: string | null;
    email?: string;
    phone?: string | null;
  } | null;
  createdBy: 'attendee' | 'user';
  refusalReason: string | null;
  cancelledBy: 'attendee' | 'user' | null;
  cancellationReason: string | null;
  createdAt: string;
}

export interface AppointmentPage {
  data: Appointment[];
  total: number;
  page: number;
  limit: number;
}

export interface AppointmentMessage {
  message: string;
  event: Appointment;
}

export interface CreateEventPayload {
  email: string;
  first_name?: string;
  last_name?: string;
  phone?: string;
  phone_country_code?: 'FR' | 'BE' | 'CH';
  motive_id?: string;
  calendar_id?: string;
  mode: AppointmentMode;
  start: string;
  end?: string;
  title?: string;
  notes?: string;
}

export type EventAction = 'validate' | 'refuse';

/** The professional's appointments (backend module `booking`). */
export const eventsApi = {
  list: (userId: string, group: EventGroup, page = 1, limit = 20, signal?: AbortSignal) =>
    api.get<AppointmentPage>(
      `/users/${encodeURIComponent(userId)}/events?${new URLSearchParams({ group, page: String(page), limit: String(limit) }).toString()}`,
      signal,
    ),
  /** Every appointment overlapping [from, to) (agenda views), at most 100. */
  range: (userId: string, from: string, to: string, signal?: AbortSignal) =>
    api.get<AppointmentPage>(
      `/users/${encodeURIComponent(userId)}/events?${new URLSearchParams({ from, to, limit: '100' }).toString()}`,
      signal,
    ),
  create: (userId: string, payload: CreateEventPayload) =>
    api.post<Appointment>(`/users/${encodeURIComponent(userId)}/events`, payload),
  validate: (id: string) => api.post<AppointmentMessage>(`/events/${encodeURIComponent(id)}/validate`),
  refuse: (id: string, reason?: string) =>
    api.post<AppointmentMessage>(`/events/${encodeURIComponent(id)}/refuse`, reason ? { reason } : {}),
  cancel: (id: string, reason?: string) =>
    api.post<AppointmentMessage>(`/events/${encodeURIComponent(id)}/cancel`, reason ? { reason } : {}),
  move: (id: string, start: string, end?: string) =>
    api.post<AppointmentMessage>(`/events/${encodeURIComponent(id)}/move`, end ? { start, end } : { start }),
  requestAvailabilities: (id: string, message?: string) =>
    api.post<{ message: string }>(
      `/events/${encodeURIComponent(id)}/request-availabilities`,
      message ? { message } : {},
    ),
  /** The mail link: the signed token is the authority, no session needed. */
  eventAction: (token: string, action: EventAction, signal?: AbortSignal) =>
    api.get<AppointmentMessage>(`/event-action?${new URLSearchParams({ token, action }).toString()}`, signal),
};
