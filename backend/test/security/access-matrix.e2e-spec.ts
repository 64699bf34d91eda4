import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';
import { createProfessional, poolOf, TestProfessional } from '../support/fixtures';

/**
 * The access-control matrix, generated from
 * backend/openapi.json. Every operation that takes a path id or a body is called by every kind of
 * actor against resources that actor does NOT own; the expected answer per cell comes from POLICY
 * below. An operation of openapi.json missing from POLICY fails the test: a new endpoint needs a
 * policy before it can ship. No cell may answer 5xx, and a refused call (401/403/404) must write
 * nothing (domain tables digested before and after).
 *
 * Targets: set X belongs to professional P1 (office O1) and attendee A (an appointment P1-A);
 * set Y to P2 (office O2) and attendee B (an appointment P2-B). P1 and A act on Y, everyone else
 * on X, so P1b acts on a colleague's resources and B on another attendee's.
 */

type Actor = 'anonymous' | 'attendeeA' | 'attendeeB' | 'p1' | 'p1b' | 'p2' | 'admin' | 'revokedAdmin';
const ACTORS: Actor[] = ['anonymous', 'attendeeA', 'attendeeB', 'p1', 'p1b', 'p2', 'admin', 'revokedAdmin'];

/**
 * - 'ok': access granted (2xx, or 400/409 because the matrix sends a minimal body);
 * - 'public': no access rule (anything but 5xx);
 * - 401: no valid session; 403: signed in, not allowed (the target's existence is public, e.g. a
 *   professional's id); 404: not allowed and the target's existence is not revealed.
 */
type Outcome = 'ok' | 'public' | 401 | 403 | 404;

/** Per kind of actor; `colleague` defaults to `professional`, `revokedAdmin` to `anonymous`. */
interface Policy {
  anonymous: Outcome;
  attendee: Outcome;
  professional: Outcome;
  colleague?: Outcome;
  admin: Outcome;
  revokedAdmin?: Outcome;
}

const PUBLIC: Policy = { anonymous: 'public', attendee: 'public', professional: 'public', admin: 'public' };
/** Admin console routes. Other kinds get 401 from AdminGuard, 403 from AdminConsoleGuard. */
const ADMIN_ONLY: Policy = { anonymous: 401, attendee: 401, professional: 401, admin: 'ok' };
const ADMIN_CONSOLE: Policy = { anonymous: 401, attendee: 403, professional: 403, admin: 'ok' };
/** An admin console route on a target the fixtures cannot create (a BullMQ job): 404 for the admin. */
const ADMIN_CONSOLE_UNKNOWN: Policy = { anonymous: 401, attendee: 403, professional: 403, admin: 404 };
/** A professional's own agenda and settings (their id is public): the professional or an admin. */
const OWN_PRO: Policy = { anonymous: 401, attendee: 401, professional: 403, admin: 'ok' };
/** A professional's resource known by its own id (calendar, motive, period...): 404 to strangers. */
const OWN_PRO_RESOURCE: Policy = { anonymous: 401, attendee: 401, professional: 404, admin: 'ok' };
/** Routes of the accounts module (any signed-in account reaches the service, which says 403). */
const OWN_PRO_ANY_ACCOUNT: Policy = { anonymous: 401, attendee: 403, professional: 403, admin: 'ok' };
const OWN_ATTENDEE: Policy = { anonymous: 401, attendee: 403, professional: 403, admin: 'ok' };
/** The professional's handling of an appointment: only them (admins use the console). */
const PRO_APPOINTMENT: Policy = { anonymous: 401, attendee: 401, professional: 404, admin: 401 };
/**
 * A professional's connected calendar account, which the matrix's fixtures do not have (connecting one
 * needs a CalDAV server): strangers are refused by the account guard, an admin gets past it and the
 * service answers that the connection does not exist.
 */
const OWN_PRO_UNKNOWN_CONNECTION: Policy = { anonymous: 401, attendee: 401, professional: 403, admin: 404 };
/** The professional's own agenda and office settings: only them, not even admins. */
const PRO_ONLY: Policy = { anonymous: 401, attendee: 401, professional: 403, admin: 401 };
/** The attendee's own bookings: only them. */
const ATTENDEE_ONLY: Policy = { anonymous: 401, attendee: 403, professional: 401, admin: 401 };
/** A client folder: its professional and its client only; anyone else signed in gets its 404, admins 401. */
const FOLDER_PARTY: Policy = { anonymous: 401, attendee: 404, professional: 404, admin: 401 };

/** The signed-in professional's or administrator's own second factors (no account id in the path). */
const OWN_FACTORS: Policy = { anonymous: 401, attendee: 401, professional: 'ok', admin: 'ok' };

const POLICY: Record<string, Policy> = {
  // Subscriptions: the professional's own (not even admins, who use the console's billing pages).
  'GET /api/v1/users/{id}/billing': PRO_ONLY,
  'POST /api/v1/users/{id}/billing/checkout': PRO_ONLY,
  'POST /api/v1/users/{id}/billing/payment-method': PRO_ONLY,
  'POST /api/v1/users/{id}/billing/cancel': PRO_ONLY,
  'POST /api/v1/users/{id}/billing/resume': PRO_ONLY,
  'PUT /api/v1/users/{id}/billing/profile': PRO_ONLY,
  'GET /api/v1/users/{id}/billing/invoices/{invoiceId}/pdf': PRO_ONLY,
  // The console's billing: the matrix has no subscription or invoice, so an admin is told it does not exist.
  'GET /api/v1/admin/billing/subscriptions/{id}': ADMIN_CONSOLE_UNKNOWN,
  'POST /api/v1/admin/billing/subscriptions/{id}/cancel': ADMIN_CONSOLE,
  'POST /api/v1/admin/billing/subscriptions/{id}/extend-trial': ADMIN_CONSOLE,
  'GET /api/v1/admin/billing/invoices/{id}': ADMIN_CONSOLE_UNKNOWN,
  'GET /api/v1/admin/billing/invoices/{id}/pdf': ADMIN_CONSOLE_UNKNOWN,
  'POST /api/v1/admin/billing/invoices/{id}/refund': ADMIN_CONSOLE,
  'PUT /api/v1/admin/billing/company': ADMIN_CONSOLE,
  'PUT /api/v1/admin/second-factor-policy': ADMIN_CONSOLE,
  // Second factors: the sign-in's second step carries its own short-lived pending token (or none, for a passkey).
  'POST /api/v1/auth/{kind}/second-factor': PUBLIC,
  'POST /api/v1/auth/{kind}/passkey/options': PUBLIC,
  'POST /api/v1/auth/{kind}/passkey': PUBLIC,
  'POST /api/v1/auth/second-factors/passkeys': OWN_FACTORS,
  'POST /api/v1/auth/second-factors/recovery-codes': OWN_FACTORS,
  // The matrix's minimal body (no code, no current password) is refused before any lookup: 400.
  'POST /api/v1/auth/second-factors/totp/{id}/confirm': OWN_FACTORS,
  'DELETE /api/v1/auth/second-factors/{id}': OWN_FACTORS,
  // The signed-in attendee's own address; the link mailed to the new one needs no session.
  'POST /api/v1/auth/attendee/change-email': {
    anonymous: 401,
    attendee: 'ok',
    professional: 401,
    admin: 401,
  },
  'POST /api/v1/auth/attendee/confirm-email': PUBLIC,
  'POST /api/v1/admin/images': ADMIN_CONSOLE,
  'DELETE /api/v1/admin/images/{id}': ADMIN_CONSOLE,
  'GET /api/v1/admin/images/{id}': ADMIN_CONSOLE,
  'PUT /api/v1/admin/images/{id}': ADMIN_CONSOLE,
  'PUT /api/v1/admin/images/{id}/file': ADMIN_CONSOLE,
  'DELETE /api/v1/admin/mail-templates/{key}': ADMIN_ONLY,
  'GET /api/v1/admin/mail-templates/{key}': ADMIN_ONLY,
  'PUT /api/v1/admin/mail-templates/{key}': ADMIN_ONLY,
  'POST /api/v1/admin/mail-templates/{key}/preview': ADMIN_ONLY,
  'POST /api/v1/admin/posts': ADMIN_CONSOLE,
  'DELETE /api/v1/admin/posts/{id}': ADMIN_CONSOLE,
  'GET /api/v1/admin/posts/{id}': ADMIN_CONSOLE,
  'PUT /api/v1/admin/posts/{id}': ADMIN_CONSOLE,
  'POST /api/v1/admin/redirects': ADMIN_CONSOLE,
  'GET /api/v1/admin/registration-requests/{id}': ADMIN_CONSOLE,
  'POST /api/v1/admin/registration-requests/{id}/accept': ADMIN_CONSOLE,
  'POST /api/v1/admin/registration-requests/{id}/refuse': ADMIN_CONSOLE,
  'GET /api/v1/admin/audit-log/{id}': ADMIN_CONSOLE,
  'PUT /api/v1/admin/site-config': ADMIN_CONSOLE,
  // The matrix has no failed job: an admin gets past the guard and is told the job does not exist.
  'GET /api/v1/admin/jobs/{id}': ADMIN_CONSOLE_UNKNOWN,
  'POST /api/v1/admin/jobs/{id}/retry': ADMIN_CONSOLE_UNKNOWN,
  'GET /api/v1/admin/reviews/{id}': ADMIN_CONSOLE,
  'POST /api/v1/admin/reviews/{id}/publish': ADMIN_CONSOLE,
  'POST /api/v1/admin/reviews/{id}/reject': ADMIN_CONSOLE,
  'GET /api/v1/admin/clients/{id}': ADMIN_CONSOLE,
  'PUT /api/v1/admin/clients/{id}': ADMIN_CONSOLE,
  'GET /api/v1/admin/clients/{id}/export': ADMIN_CONSOLE,
  'POST /api/v1/admin/clients/{id}/erase': ADMIN_CONSOLE,
  'GET /api/v1/admin/appointments/{id}': ADMIN_CONSOLE,
  'GET /api/v1/admin/specialities/{id}': ADMIN_CONSOLE,
  'GET /api/v1/admin/cities/{id}': ADMIN_CONSOLE,
  'PUT /api/v1/admin/specialities/{id}': ADMIN_CONSOLE,
  'POST /api/v1/admin/appointments/{id}/cancel': ADMIN_CONSOLE,
  'DELETE /api/v1/admin/redirects/{id}': ADMIN_CONSOLE,
  'GET /api/v1/admin/redirects/{id}': ADMIN_CONSOLE,
  'PUT /api/v1/admin/redirects/{id}': ADMIN_CONSOLE,
  'POST /api/v1/admin/teams': ADMIN_CONSOLE,
  'DELETE /api/v1/admin/teams/{id}': ADMIN_CONSOLE,
  'GET /api/v1/admin/teams/{id}': ADMIN_CONSOLE,
  'PUT /api/v1/admin/teams/{id}': ADMIN_CONSOLE,
  'POST /api/v1/admin/users': ADMIN_ONLY,
  'GET /api/v1/admin/users/{id}': ADMIN_ONLY,
  'PUT /api/v1/admin/users/{id}': ADMIN_ONLY,
  'POST /api/v1/admin/users/{id}/resend-invitation': ADMIN_ONLY,
  // The appointment reference is the attendee's bearer secret (mailed link): public with it.
  'GET /api/v1/appointments/{refAppointment}': PUBLIC,
  'POST /api/v1/appointments/{refAppointment}/cancel': PUBLIC,
  'GET /api/v1/appointments/{refAppointment}/ics': PUBLIC,
  'POST /api/v1/appointments/{refAppointment}/documents': PUBLIC,
  'POST /api/v1/appointments/{refAppointment}/reschedule': PUBLIC,
  'GET /api/v1/articles/{idOrSlug}': PUBLIC,
  'POST /api/v1/attendees': PUBLIC,
  'POST /api/v1/attendees/{attendee_id}/create-event': ATTENDEE_ONLY,
  'GET /api/v1/attendees/{attendee_id}/fee-agreement-preview': ATTENDEE_ONLY,
  'GET /api/v1/attendees/{attendee_id}/appointments/{appointmentId}/fee-agreement': ATTENDEE_ONLY,
  'GET /api/v1/attendees/{id}': OWN_ATTENDEE,
  'PUT /api/v1/attendees/{id}': OWN_ATTENDEE,
  'GET /api/v1/attendees/{id}/events': ATTENDEE_ONLY,
  'GET /api/v1/attendees/{id}/folders': ATTENDEE_ONLY,
  'GET /api/v1/attendees/{id}/export': ATTENDEE_ONLY,
  'POST /api/v1/attendees/{id}/delete-account': ATTENDEE_ONLY,
  'POST /api/v1/attendees/{id}/send-token-to-verify-number': OWN_ATTENDEE,
  'POST /api/v1/attendees/{id}/verify-token-to-validate-number': OWN_ATTENDEE,
  'POST /api/v1/auth/admin/login': PUBLIC,
  'POST /api/v1/auth/attendee/login': PUBLIC,
  // The signed-in attendee's own password (no id in the path): any attendee reaches the service.
  'POST /api/v1/auth/attendee/change-password': {
    anonymous: 401,
    attendee: 'ok',
    professional: 401,
    admin: 401,
  },
  // The signed-in professional's own password (no id in the path): any professional reaches the service.
  'POST /api/v1/auth/user/change-password': {
    anonymous: 401,
    attendee: 401,
    professional: 'ok',
    admin: 401,
  },
  // The signed-in professional's own address (no id in the path); the link mailed to the new one needs no session.
  'POST /api/v1/auth/user/change-email': {
    anonymous: 401,
    attendee: 401,
    professional: 'ok',
    admin: 401,
  },
  'POST /api/v1/auth/user/confirm-email': PUBLIC,
  'POST /api/v1/auth/{kind}/forgot-password': PUBLIC,
  // Earlier-slot alerts: anyone may wait for a slot; the mail's signed link stops it.
  'POST /api/v1/users/{id}/slot-alerts': PUBLIC,
  'POST /api/v1/slot-alerts/cancel': PUBLIC,
  'POST /api/v1/slot-alerts/confirm': PUBLIC,
  // The review link mailed after a meeting: its signed token is the authority.
  'POST /api/v1/reviews/invitation': PUBLIC,
  'GET /api/v1/auth/{kind}/logout': PUBLIC,
  'POST /api/v1/auth/{kind}/reset-password': PUBLIC,
  'GET /api/v1/calendars/{calendarId}/weekly-availabilities': OWN_PRO_RESOURCE,
  'PUT /api/v1/calendars/{calendarId}/weekly-availabilities': OWN_PRO_RESOURCE,
  'GET /api/v1/cities/{cityUri}': PUBLIC,
  'GET /api/v1/departments/{code}': PUBLIC,
  // The event id is the secret of the attendee's mailed "propose other times" link.
  'GET /api/v1/events-responses/{id_event}': PUBLIC,
  'POST /api/v1/events-responses/{id_event}': PUBLIC,
  'POST /api/v1/events/{id}/cancel': PRO_APPOINTMENT,
  'POST /api/v1/events/{id}/move': PRO_APPOINTMENT,
  'POST /api/v1/events/{id}/refuse': PRO_APPOINTMENT,
  'POST /api/v1/events/{id}/request-availabilities': PRO_APPOINTMENT,
  'POST /api/v1/events/{id}/validate': PRO_APPOINTMENT,
  'POST /api/v1/events/{id}/folder': PRO_APPOINTMENT,
  'GET /api/v1/events/{id}/client': PRO_APPOINTMENT,
  'GET /api/v1/events/{id}/responses': PRO_APPOINTMENT,
  // The signed link is the credential (a browser download sends no header).
  'GET /api/v1/folder-documents/{token}': PUBLIC,
  // Back from the hosted payment page: the checkout session's id is the only credential.
  'POST /api/v1/payments/checkout/{session}/return': PUBLIC,
  'GET /api/v1/folders/{folderId}': FOLDER_PARTY,
  'PATCH /api/v1/folders/{folderId}': FOLDER_PARTY,
  'POST /api/v1/folders/{folderId}/documents': FOLDER_PARTY,
  'DELETE /api/v1/folders/{folderId}/documents/{documentId}': FOLDER_PARTY,
  'POST /api/v1/folders/{folderId}/documents/{documentId}/link': FOLDER_PARTY,
  'POST /api/v1/folders/{folderId}/messages': FOLDER_PARTY,
  'POST /api/v1/folders/{folderId}/messages/read': FOLDER_PARTY,
  'POST /api/v1/login': PUBLIC,
  'GET /api/v1/media/{name}': PUBLIC,
  // The secret token in the file name is the credential (calendar apps send no header).
  'GET /api/v1/calendar-feeds/{userId}/{file}': PUBLIC,
  // Microsoft Graph's notifications: the clientState (an HMAC naming the calendar) is the credential.
  'POST /api/v1/calendar-sync/microsoft/notifications': PUBLIC,
  'GET /api/v1/professionals/{userUri}': PUBLIC,
  'POST /api/v1/professionals/{userUri}/phone-reveal': PUBLIC,
  'POST /api/v1/registration-requests': PUBLIC,
  'GET /api/v1/teams/{teamUri}': PUBLIC,
  'POST /api/v1/users': ADMIN_ONLY,
  'GET /api/v1/users/{id}': OWN_PRO_ANY_ACCOUNT,
  'PUT /api/v1/users/{id}': OWN_PRO_ANY_ACCOUNT,
  'GET /api/v1/users/{id}/availability-settings': OWN_PRO,
  'PUT /api/v1/users/{id}/availability-settings': OWN_PRO,
  // The video link provider of the professional's video meetings.
  'GET /api/v1/users/{id}/visio-settings': OWN_PRO,
  'PUT /api/v1/users/{id}/visio-settings': OWN_PRO,
  'GET /api/v1/users/{id}/booking-motives': PUBLIC,
  'GET /api/v1/users/{id}/calendar-connections': OWN_PRO,
  'POST /api/v1/users/{id}/calendar-connections/caldav': OWN_PRO,
  'POST /api/v1/users/{id}/calendar-connections/exchange': OWN_PRO,
  'GET /api/v1/users/{id}/calendar-connections/oauth': PRO_ONLY,
  'POST /api/v1/users/{id}/calendar-connections/oauth/{provider}': PRO_ONLY,
  'DELETE /api/v1/users/{id}/calendar-connections/{connectionId}': OWN_PRO_UNKNOWN_CONNECTION,
  'PATCH /api/v1/users/{id}/calendar-connections/{connectionId}': OWN_PRO,
  'PATCH /api/v1/users/{id}/calendar-connections/{connectionId}/calendars/{calendarId}':
    OWN_PRO_UNKNOWN_CONNECTION,
  'GET /api/v1/users/{id}/calendar-feed': OWN_PRO,
  // The agenda's external busy events (titles of a private calendar): only the professional themself.
  'GET /api/v1/users/{id}/busy-events': PRO_ONLY,
  'GET /api/v1/users/{id}/calls': PRO_ONLY,
  // "Mon cabinet": only the professional themself (administrators use the teams resource).
  // Sponsorship: only the professional themself (the site flag is checked after access).
  'GET /api/v1/users/{id}/sponsorship': PRO_ONLY,
  'POST /api/v1/users/{id}/sponsorship/invitations': PRO_ONLY,
  'PUT /api/v1/users/{id}/sponsorship/bank-details': PRO_ONLY,
  'DELETE /api/v1/users/{id}/sponsorship/bank-details': PRO_ONLY,
  'GET /api/v1/users/{id}/office': PRO_ONLY,
  'POST /api/v1/users/{id}/office': PRO_ONLY,
  'PUT /api/v1/users/{id}/office': PRO_ONLY,
  'POST /api/v1/users/{id}/office/join-request': PRO_ONLY,
  'DELETE /api/v1/users/{id}/office/join-request': PRO_ONLY,
  'POST /api/v1/users/{id}/office/join-requests/{requesterId}/accept': PRO_ONLY,
  'DELETE /api/v1/users/{id}/office/join-requests/{requesterId}': PRO_ONLY,
  'DELETE /api/v1/users/{id}/office/members/{memberId}': PRO_ONLY,
  'PUT /api/v1/users/{id}/office/manager': PRO_ONLY,
  'PUT /api/v1/users/{id}/office/picture': PRO_ONLY,
  'DELETE /api/v1/users/{id}/office/picture': PRO_ONLY,
  'POST /api/v1/users/{id}/calendar-feed/regenerate': OWN_PRO,
  'GET /api/v1/users/{id}/calendars': OWN_PRO,
  'POST /api/v1/users/{id}/calendars': OWN_PRO,
  'DELETE /api/v1/users/{id}/calendars/{calendarId}': OWN_PRO,
  'PATCH /api/v1/users/{id}/calendars/{calendarId}': OWN_PRO,
  'GET /api/v1/users/{id}/chat-settings': PRO_ONLY,
  // "Mes paiements": the professional's takings, not even an admin through this route (the console has its own).
  'GET /api/v1/users/{id}/payments': PRO_ONLY,
  // Fee notes issued on the professional's behalf, their PDFs and VAT settings: only them (the console has its list).
  'GET /api/v1/users/{id}/fee-notes': PRO_ONLY,
  'GET /api/v1/users/{id}/fee-notes/{feeNoteId}/pdf': PRO_ONLY,
  'GET /api/v1/users/{id}/fee-note-settings': PRO_ONLY,
  'PUT /api/v1/users/{id}/fee-note-settings': PRO_ONLY,
  'GET /api/v1/admin/fee-notes/{id}/pdf': ADMIN_CONSOLE_UNKNOWN,
  // Its connected account (Stripe Connect), payouts and figures: the professional only, like the payments.
  'GET /api/v1/users/{id}/payments/account': PRO_ONLY,
  'POST /api/v1/users/{id}/payments/account/onboarding': PRO_ONLY,
  'POST /api/v1/users/{id}/payments/account/refresh': PRO_ONLY,
  'GET /api/v1/users/{id}/payments/payouts': PRO_ONLY,
  'GET /api/v1/users/{id}/payments/figures': PRO_ONLY,
  // The console's refund of a client's payment (the matrix's minimal body is refused before any lookup).
  'POST /api/v1/admin/payments/{appointmentId}/refund': ADMIN_CONSOLE,
  // Fee agreements: the terms of a paid motive and the accepted PDF are the professional's, not an admin's here.
  'GET /api/v1/users/{id}/motives/{motiveId}/fee-agreement': PRO_ONLY,
  'PUT /api/v1/users/{id}/motives/{motiveId}/fee-agreement': PRO_ONLY,
  'GET /api/v1/users/{id}/appointments/{appointmentId}/fee-agreement': PRO_ONLY,
  'PUT /api/v1/users/{id}/chat-settings': PRO_ONLY,
  'GET /api/v1/users/{id}/events': PRO_ONLY,
  'GET /api/v1/users/{id}/folders': PRO_ONLY,
  'POST /api/v1/users/{id}/folders': PRO_ONLY,
  'POST /api/v1/users/{id}/events': PRO_ONLY,
  // A colleague counts through their own path (`?ids[]=`), not through the colleague's.
  'GET /api/v1/users/{id}/events-futur-count': OWN_PRO_ANY_ACCOUNT,
  'GET /api/v1/users/{id}/holidays': OWN_PRO,
  'POST /api/v1/users/{id}/holidays': OWN_PRO,
  'DELETE /api/v1/users/{id}/holidays/{holidayId}': OWN_PRO,
  'GET /api/v1/users/{id}/motives': OWN_PRO,
  'POST /api/v1/users/{id}/motives': OWN_PRO,
  'PUT /api/v1/users/{id}/motives/order': OWN_PRO,
  'DELETE /api/v1/users/{id}/motives/{motiveId}': OWN_PRO,
  'PATCH /api/v1/users/{id}/motives/{motiveId}': OWN_PRO,
  'DELETE /api/v1/users/{id}/picture': OWN_PRO_ANY_ACCOUNT,
  'PUT /api/v1/users/{id}/picture': OWN_PRO_ANY_ACCOUNT,
  'GET /api/v1/users/{id}/public-holidays': OWN_PRO,
  'PUT /api/v1/users/{id}/public-holidays/{month}': OWN_PRO,
  'POST /api/v1/users/{id}/send-token-to-verify-number': OWN_PRO_ANY_ACCOUNT,
  'GET /api/v1/users/{id}/slots': PUBLIC,
  'GET /api/v1/users/{id}/unavailabilities': OWN_PRO,
  'POST /api/v1/users/{id}/unavailabilities': OWN_PRO,
  'DELETE /api/v1/users/{id}/unavailabilities/{unavailabilityId}': OWN_PRO,
  'POST /api/v1/users/{id}/verify-token-to-validate-number': OWN_PRO_ANY_ACCOUNT,
  // The sign-up token is the secret (none sent here): 404 for everyone, whatever the session.
  'POST /api/v1/users/{userId}/complete-registration': {
    anonymous: 404,
    attendee: 404,
    professional: 404,
    admin: 404,
    revokedAdmin: 404,
  },
  'GET /api/v1/users/{userId}/registration': {
    anonymous: 404,
    attendee: 404,
    professional: 404,
    admin: 404,
    revokedAdmin: 404,
  },
};

interface OpenApiOperation {
  requestBody?: unknown;
}
type OpenApi = { paths: Record<string, Record<string, OpenApiOperation>> };

/** Every operation of openapi.json that takes a path id or a body, as 'METHOD path'. */
function operationsUnderTest(): string[] {
  const document = JSON.parse(readFileSync(join(__dirname, '../../openapi.json'), 'utf8')) as OpenApi;
  const keys: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (path.includes('{') || operation.requestBody !== undefined)
        keys.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return keys.sort();
}

interface TargetSet {
  pro: TestProfessional & { userUri: string; teamUri: string };
  attendeeId: string;
  appointmentId: string;
  refAppointment: string;
  unavailabilityId: string;
  holidayId: string;
  folderId: string;
  documentId: string;
  /** A client of its own (an admin may erase it) and console records. */
  clientId: string;
  registrationRequestId: string;
  reviewId: string;
  auditId: string;
}

/**
 * Bodies that pass validation where the access decision comes after it (the sign-up token is
 * checked by the service); every other operation gets `{}`.
 */
const BODIES: Record<string, object> = {
  'POST /api/v1/users/{userId}/complete-registration': {
    password: 'correct horse battery staple',
    password_confirmation: 'correct horse battery staple',
    telephone: '06 12 34 56 78',
    cgu_accepted: true,
    privacy_accepted: true,
  },
};

const DOMAIN_TABLES = [
  'users',
  'attendees',
  'admins',
  'teams',
  'calendars',
  'motives',
  'weekly_availabilities',
  'unavailability_periods',
  'holiday_periods',
  'worked_public_holiday_months',
  'availability_settings',
  'appointments',
  'appointment_details',
  'availability_requests',
  'event_responses',
  'team_chat_settings',
  'mail_templates',
  'posts',
  'redirects',
  'images',
  'reviews',
  'user_specialities',
  'client_folders',
  'folder_documents',
  'folder_messages',
  'folder_document_audit',
];

const STATUS_OF_OUTCOME = (outcome: Outcome, status: number): boolean => {
  if (status >= 500) return false;
  if (outcome === 'public') return true;
  // 415: an upload route read past its guard and refused the matrix's JSON body (it wants multipart).
  if (outcome === 'ok')
    return (status >= 200 && status < 300) || status === 400 || status === 409 || status === 415;
  return status === outcome;
};

describe('Access-control matrix generated from openapi.json', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  let db: TestDb;
  const tokens: Partial<Record<Actor, string>> = {};
  let x: TargetSet;
  let y: TargetSet;
  let postId: string;
  let redirectId: string;
  let specialityId: string;
  let cityId: string;
  const http = () => request(app.getHttpServer());

  async function targetSet(tag: string): Promise<TargetSet> {
    const pro = await createProfessional(pool);
    const names = await pool.query(
      `SELECT u.user_uri, t.team_uri FROM users u JOIN teams t ON t.id = u.team_id WHERE u.id = $1`,
      [pro.id],
    );
    const attendee = await db.attendee(uniqueTag(tag));
    const appointmentId = await db.appointment(pro.id, attendee.id, 3 * 24 * 60, 'pending');
    const ref = await pool.query('SELECT ref_appointment FROM appointments WHERE id = $1', [appointmentId]);
    const unavailability = await pool.query(
      `INSERT INTO unavailability_periods (user_id, starts_at, ends_at, reason)
       VALUES ($1, now() + interval '20 days', now() + interval '21 days', 'Audience') RETURNING id`,
      [pro.id],
    );
    const holiday = await pool.query(
      `INSERT INTO holiday_periods (user_id, starts_on, ends_on, label)
       VALUES ($1, current_date + 40, current_date + 45, 'Congés') RETURNING id`,
      [pro.id],
    );
    const folder = await pool.query(
      `INSERT INTO client_folders (user_id, attendee_id, title) VALUES ($1, $2, 'Dossier matrice') RETURNING id`,
      [pro.id, attendee.id],
    );
    const document = await pool.query(
      `INSERT INTO folder_documents (folder_id, uploaded_by, storage_name, file_name, label, mime_type, size_bytes)
       VALUES ($1, 'attendee', md5(random()::text) || '.pdf', 'document.pdf', 'Pièce', 'application/pdf', 10) RETURNING id`,
      [folder.rows[0].id],
    );
    const client = await db.attendee(uniqueTag(`${tag}c`));
    const registration = await pool.query(
      `INSERT INTO registration_requests (civility, first_name, last_name, email, phone, city)
       VALUES ('M.', 'Matrice', 'Test', $1, '+33612345678', 'Lyon') RETURNING id`,
      [`matrix.${uniqueTag(tag)}@example.fr`],
    );
    const review = await pool.query(
      `INSERT INTO reviews (user_id, rating, comment) VALUES ($1, 4, 'Bien') RETURNING id`,
      [pro.id],
    );
    const audit = await pool.query(
      `INSERT INTO admin_audit_log (action, resource) VALUES ('update', 'matrix') RETURNING id`,
    );
    return {
      folderId: folder.rows[0].id,
      documentId: document.rows[0].id,
      clientId: client.id,
      registrationRequestId: registration.rows[0].id,
      reviewId: review.rows[0].id,
      auditId: String(audit.rows[0].id),
      pro: { ...pro, userUri: names.rows[0].user_uri, teamUri: names.rows[0].team_uri },
      attendeeId: attendee.id,
      appointmentId,
      refAppointment: ref.rows[0].ref_appointment,
      unavailabilityId: unavailability.rows[0].id,
      holidayId: holiday.rows[0].id,
    };
  }

  /** The path of an operation with its parameters pointing into `target`. */
  function resolvePath(path: string, target: TargetSet): string {
    const values: Record<string, string> = {
      userId: target.pro.id,
      attendee_id: target.attendeeId,
      calendarId: target.pro.calendarId,
      motiveId: target.pro.motiveId,
      holidayId: target.holidayId,
      unavailabilityId: target.unavailabilityId,
      refAppointment: target.refAppointment,
      folderId: target.folderId,
      documentId: target.documentId,
      token: 'jeton-inconnu',
      id_event: target.appointmentId,
      appointmentId: target.appointmentId,
      userUri: target.pro.userUri,
      teamUri: target.pro.teamUri,
      month: new Date().toISOString().slice(0, 7),
      kind: 'user',
      key: 'appointment.requested.professional',
      idOrSlug: 'article-inconnu',
      cityUri: 'ville-inconnue',
      code: '75',
      name: 'inconnu.webp',
      file: 'jeton-inconnu.ics',
      // No connected calendar in the matrix's fixtures (that needs a CalDAV server): an unknown id.
      connectionId: '00000000-0000-4000-8000-000000000000',
      provider: 'google',
      // Office members and requesters: the target professional themself (the guard decides before any lookup).
      requesterId: target.pro.id,
      memberId: target.pro.id,
      invoiceId: '00000000-0000-4000-8000-000000000000',
      feeNoteId: '00000000-0000-4000-8000-000000000000',
      // No paid booking in the matrix's fixtures: a checkout session nobody opened.
      session: 'cs_matrix_unknown',
    };
    const idByPrefix: Array<[RegExp, string]> = [
      [/^\/api\/v1\/(admin\/)?users\/\{id\}/, target.pro.id],
      [/^\/api\/v1\/attendees\/\{id\}/, target.attendeeId],
      [/^\/api\/v1\/events\/\{id\}/, target.appointmentId],
      [/^\/api\/v1\/admin\/teams\/\{id\}/, target.pro.teamId],
      [/^\/api\/v1\/admin\/posts\/\{id\}/, postId],
      [/^\/api\/v1\/admin\/redirects\/\{id\}/, redirectId],
      [/^\/api\/v1\/admin\/images\/\{id\}/, '00000000-0000-4000-8000-000000000000'],
      [/^\/api\/v1\/admin\/appointments\/\{id\}/, target.appointmentId],
      [/^\/api\/v1\/admin\/clients\/\{id\}/, target.clientId],
      [/^\/api\/v1\/admin\/registration-requests\/\{id\}/, target.registrationRequestId],
      [/^\/api\/v1\/admin\/reviews\/\{id\}/, target.reviewId],
      [/^\/api\/v1\/admin\/audit-log\/\{id\}/, target.auditId],
      [/^\/api\/v1\/admin\/specialities\/\{id\}/, specialityId],
      [/^\/api\/v1\/admin\/cities\/\{id\}/, cityId],
      [/^\/api\/v1\/admin\/jobs\/\{id\}/, 'notifications:matrix-unknown'],
      // No subscription, invoice or second factor in the matrix's fixtures: unknown ids.
      // A subscription's id is the payment provider's (`sub_…`); an invoice's is ours.
      [/^\/api\/v1\/admin\/billing\/subscriptions\//, 'sub_matrixunknown'],
      [/^\/api\/v1\/admin\/billing\//, '00000000-0000-4000-8000-000000000000'],
      [/^\/api\/v1\/admin\/fee-notes\//, '00000000-0000-4000-8000-000000000000'],
      [/^\/api\/v1\/auth\/second-factors\//, '00000000-0000-4000-8000-000000000000'],
    ];
    const id = idByPrefix.find(([pattern]) => pattern.test(path))?.[1];
    return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
      const value = name === 'id' ? id : values[name];
      if (value === undefined) throw new Error(`No fixture for {${name}} in ${path}`);
      return encodeURIComponent(value);
    });
  }

  function expectedFor(policy: Policy, actor: Actor): Outcome {
    switch (actor) {
      case 'anonymous':
        return policy.anonymous;
      case 'attendeeA':
      case 'attendeeB':
        return policy.attendee;
      case 'p1':
      case 'p2':
        return policy.professional;
      case 'p1b':
        return policy.colleague ?? policy.professional;
      case 'admin':
        return policy.admin;
      case 'revokedAdmin':
        return policy.revokedAdmin ?? policy.anonymous;
    }
  }

  async function digest(): Promise<string> {
    const parts = DOMAIN_TABLES.map(
      (table) =>
        `SELECT '${table}' AS t, md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS d FROM ${table} x`,
    ).join(' UNION ALL ');
    const { rows } = await pool.query(
      `SELECT string_agg(t || ':' || d, ',' ORDER BY t) AS all FROM (${parts}) s`,
    );
    return rows[0].all as string;
  }

  beforeAll(async () => {
    app = await createTestApp();
    pool = poolOf(app);
    db = new TestDb();
    x = await targetSet('x');
    y = await targetSet('y');
    const attendeeA = await pool.query('SELECT id FROM attendees WHERE id = $1', [x.attendeeId]);
    const attendeeB = await pool.query('SELECT id FROM attendees WHERE id = $1', [y.attendeeId]);
    const colleague = await db.user(uniqueTag('col'), { teamId: x.pro.teamId });
    const admin = await db.admin(uniqueTag('adm'));
    const revoked: SeededAccount = await db.admin(uniqueTag('rev'));
    const login = await http()
      .post('/api/v1/auth/admin/login')
      .send({ email: revoked.email, password: revoked.password })
      .expect(200);
    await http()
      .get('/api/v1/auth/admin/logout')
      .set('authorization', `Bearer ${login.body.token}`)
      .expect(200);
    Object.assign(tokens, {
      attendeeA: db.token('attendee', attendeeA.rows[0].id),
      attendeeB: db.token('attendee', attendeeB.rows[0].id),
      p1: x.pro.token,
      p1b: colleague.token,
      p2: y.pro.token,
      admin: admin.token,
      revokedAdmin: login.body.token,
    });
    const post = await http()
      .post('/api/v1/admin/posts')
      .set('authorization', `Bearer ${admin.token}`)
      .send({ title: 'Matrice', content: '<p>Texte</p>' });
    postId = post.body.id ?? post.body._id ?? '00000000-0000-4000-8000-000000000000';
    const redirect = await http()
      .post('/api/v1/admin/redirects')
      .set('authorization', `Bearer ${admin.token}`)
      .send({ from: `/matrice-${uniqueTag('r')}`, to: '/' });
    redirectId = redirect.body.id ?? redirect.body._id ?? '00000000-0000-4000-8000-000000000000';
    const speciality = await pool.query(
      `INSERT INTO specialities (slug, name, position) VALUES ($1, 'Matrice', 999) RETURNING id`,
      [`matrice-${uniqueTag('spec')}`],
    );
    specialityId = String(speciality.rows[0].id);
    await pool.query(
      `INSERT INTO departments (code, name) VALUES ('2B', 'Haute-Corse') ON CONFLICT DO NOTHING`,
    );
    const city = await pool.query(
      `INSERT INTO cities (insee_code, name, city_uri, department_code) VALUES ($1, 'Matrice', $2, '2B') RETURNING id`,
      [uniqueTag('m').slice(0, 12), `matrice-${uniqueTag('city')}`],
    );
    cityId = String(city.rows[0].id);
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('has a policy for every operation that takes an id or a body', () => {
    const missing = operationsUnderTest().filter((key) => !(key in POLICY));
    expect(missing).toEqual([]);
    const stale = Object.keys(POLICY).filter((key) => !operationsUnderTest().includes(key));
    expect(stale).toEqual([]);
  });

  it('answers every cell as the policy says, never 5xx, and a refused call writes nothing', async () => {
    // Destructive operations last, so the targets exist for the others; logout (which ends the
    // actors' sessions) at the very end.
    const order = (key: string) => (key.includes('/logout') ? 2 : key.startsWith('DELETE') ? 1 : 0);
    const keys = operationsUnderTest()
      .filter((key) => key in POLICY)
      .sort((a, b) => order(a) - order(b) || a.localeCompare(b));
    const offPolicy: string[] = [];
    let cells = 0;
    for (const key of keys) {
      const [method, path] = key.split(' ');
      for (const actor of ACTORS) {
        const target = actor === 'p1' || actor === 'attendeeA' ? y : x;
        const expected = expectedFor(POLICY[key], actor);
        const refused = typeof expected === 'number';
        const before = refused ? await digest() : '';
        let call = http()[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](
          resolvePath(path, target),
        );
        const token = tokens[actor];
        if (token) call = call.set('authorization', `Bearer ${token}`);
        const response =
          method === 'GET' || method === 'DELETE' ? await call : await call.send(BODIES[key] ?? {});
        cells += 1;
        if (!STATUS_OF_OUTCOME(expected, response.status))
          offPolicy.push(`${key} as ${actor}: expected ${expected}, got ${response.status}`);
        if (refused && (await digest()) !== before) offPolicy.push(`${key} as ${actor}: refused but wrote`);
      }
    }
    console.log(`access matrix: ${keys.length} operations, ${cells} cells, ${offPolicy.length} off policy`);
    expect(offPolicy).toEqual([]);
    // About 1,500 requests: 15-20 s on a quiet machine, more when it is shared.
  }, 180_000);
});
