import {
  APPOINTMENT_MODES,
  MESSAGES_FR,
  type AppointmentMode,
  type PhoneCountry,
  isUuid,
} from '@rdv/sectors';
import type { Route } from './+types/booking-api';
import {
  attendeeCookie,
  attendeeIdFromToken,
  callApi,
  currentAttendee,
  readAttendeeToken,
} from '../../lib/attendee-session.server';
import type { ApiAnswer } from '../../lib/api.server';
import {
  fieldOfServerMessage,
  signUpPayload,
  validateSignIn,
  validateSignUp,
  type SignUpValues,
} from '../../lib/attendee';
import { currentSector } from '../../lib/config.server';

/**
 * /participant/reservation: what the booking dialog calls (JSON in, JSON out). It runs on the
 * server so the attendee's token stays in its HttpOnly cookie: the dialog never sees it.
 *
 * GET  ?intent=session                          -> { attendee | null }
 * GET  ?intent=motives&userId=                  -> { motives }   (GET /api/v1/users/{id}/booking-motives)
 * GET  ?intent=slots&userId=&motiveId=&mode=&from=&to= -> { slots, timezone } (GET /api/v1/users/{id}/slots)
 * GET  ?intent=feeAgreement&userId=&motiveId=&start=&legalAid= -> { agreement } (the fee agreement filled for the
 *      signed-in client: GET /api/v1/attendees/{attendee_id}/fee-agreement-preview)
 * POST { intent: signIn | signUp | sendCode | verifyCode | createEvent, ... }
 *
 * Errors: { ok: false, code, message (French), errors? } with the API's status.
 * POSTs must be JSON: a cross-site form cannot send that without CORS, and the cookie is
 * SameSite=Lax anyway.
 */

const DAY_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T[0-9:.+\-Z]+)?$/;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,128}$/;
const isMode = (mode: string | null): mode is AppointmentMode =>
  APPOINTMENT_MODES.some((known) => known === mode);

const json = (body: unknown, status = 200, headers?: Record<string, string>) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });

const failure = (status: number, code: string, message: string, errors?: Record<string, string>) =>
  json({ ok: false, code, message, ...(errors ? { errors } : {}) }, status);

const expired = () =>
  failure(401, 'NOT_SIGNED_IN', 'Votre session a expiré, veuillez vous identifier à nouveau');

const fromAnswer = (answer: ApiAnswer) =>
  answer.status === 401
    ? expired()
    : failure(
        answer.status === 503 ? 503 : answer.status >= 500 ? 502 : answer.status,
        answer.code ?? 'ERROR',
        answer.message ?? MESSAGES_FR.unexpectedError,
      );

export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const intent = query.get('intent');
  if (intent === 'session') {
    const session = await currentAttendee(request);
    return json({ ok: true, attendee: session?.attendee ?? null });
  }
  const userId = query.get('userId') ?? '';
  if (!isUuid(userId)) return failure(400, 'VALIDATION_FAILED', 'Professionnel inconnu');
  if (intent === 'motives') {
    const answer = await callApi(request, (api) =>
      api.GET('/api/v1/users/{id}/booking-motives', { params: { path: { id: userId } } }),
    );
    return answer.ok ? json({ ok: true, motives: answer.body }) : fromAnswer(answer);
  }
  if (intent === 'slots') {
    const motiveId = query.get('motiveId');
    const mode = query.get('mode');
    const from = query.get('from');
    const to = query.get('to');
    const answer = await callApi(request, (api) =>
      api.GET('/api/v1/users/{id}/slots', {
        params: {
          path: { id: userId },
          query: {
            motiveId: motiveId && isUuid(motiveId) ? motiveId : undefined,
            mode: isMode(mode) ? mode : undefined,
            from: from && DAY_OR_INSTANT.test(from) ? from : undefined,
            to: to && DAY_OR_INSTANT.test(to) ? to : undefined,
          },
        },
      }),
    );
    return answer.ok
      ? json({ ok: true, slots: answer.body.slots ?? [], timezone: answer.body.timezone })
      : fromAnswer(answer);
  }
  if (intent === 'feeAgreement') {
    const token = readAttendeeToken(request);
    const attendeeId = token ? attendeeIdFromToken(token) : undefined;
    if (!token || !attendeeId) return expired();
    const motiveId = query.get('motiveId') ?? '';
    const start = query.get('start');
    if (!isUuid(motiveId)) return failure(400, 'VALIDATION_FAILED', 'Motif inconnu');
    const answer = await callApi(
      request,
      (api) =>
        api.GET('/api/v1/attendees/{attendee_id}/fee-agreement-preview', {
          params: {
            path: { attendee_id: attendeeId },
            query: {
              user_id: userId,
              motive_id: motiveId,
              start: start && DAY_OR_INSTANT.test(start) ? start : undefined,
              legal_aid: query.get('legalAid') === 'true' ? true : undefined,
            },
          },
        }),
      { token },
    );
    return answer.ok ? json({ ok: true, agreement: answer.body }) : fromAnswer(answer);
  }
  return failure(400, 'VALIDATION_FAILED', 'Demande inconnue');
}

type Payload = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return failure(405, 'METHOD_NOT_ALLOWED', MESSAGES_FR.unexpectedError);
  if (!(request.headers.get('content-type') ?? '').startsWith('application/json')) {
    return failure(415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES_FR.unexpectedError);
  }
  let payload: Payload;
  try {
    payload = (await request.json()) as Payload;
  } catch {
    return failure(400, 'VALIDATION_FAILED', MESSAGES_FR.unexpectedError);
  }
  switch (payload.intent) {
    case 'signIn':
      return signIn(request, payload);
    case 'signUp':
      return signUp(request, payload);
    case 'sendCode':
    case 'verifyCode':
    case 'createEvent':
      return signedIn(request, payload);
    default:
      return failure(400, 'VALIDATION_FAILED', 'Demande inconnue');
  }
}

async function signIn(request: Request, payload: Payload) {
  const values = { email: str(payload.email).toLowerCase(), password: String(payload.password ?? '') };
  const errors = validateSignIn(values);
  if (Object.keys(errors).length > 0) {
    return failure(
      400,
      'VALIDATION_FAILED',
      Object.values(errors)[0] as string,
      errors as Record<string, string>,
    );
  }
  const answer = await callApi(request, (api) => api.POST('/api/v1/auth/attendee/login', { body: values }));
  if (!answer.ok) {
    if (answer.status === 401)
      return failure(401, answer.code ?? 'INVALID_CREDENTIALS', 'Email ou mot de passe incorrect');
    return fromAnswer(answer);
  }
  return json({ ok: true, attendee: answer.body.attendee }, 200, {
    'set-cookie': attendeeCookie(request, answer.body.token),
  });
}

async function signUp(request: Request, payload: Payload) {
  const values: SignUpValues = {
    civility: str(payload.civility),
    first_name: str(payload.first_name),
    last_name: str(payload.last_name),
    email: str(payload.email).toLowerCase(),
    password: String(payload.password ?? ''),
    password_confirmation: String(payload.password_confirmation ?? ''),
    birthdate: str(payload.birthdate),
    phone: str(payload.phone),
    phone_country_code: str(payload.phone_country_code) || 'FR',
    cgu_accepted: payload.cgu_accepted === true,
    privacy_accepted: payload.privacy_accepted === true,
  };
  const errors = validateSignUp(values);
  if (Object.keys(errors).length > 0) {
    return failure(
      400,
      'VALIDATION_FAILED',
      Object.values(errors)[0] as string,
      errors as Record<string, string>,
    );
  }
  const answer = await callApi(request, (api) =>
    api.POST('/api/v1/attendees', { body: signUpPayload(values) }),
  );
  if (!answer.ok) {
    const message = answer.message ?? MESSAGES_FR.unexpectedError;
    const field = fieldOfServerMessage(answer.code, message);
    return failure(
      answer.status >= 500 ? 502 : answer.status,
      answer.code ?? 'ERROR',
      message,
      field ? { [field]: message } : undefined,
    );
  }
  return json({ ok: true, attendee: answer.body.attendee }, 201, {
    'set-cookie': attendeeCookie(request, answer.body.token),
  });
}

async function signedIn(request: Request, payload: Payload) {
  // The account id is the token's subject; the API checks the token itself on each call (no extra
  // check-logged round trip before a booking) and answers 401 when it is no longer valid.
  const token = readAttendeeToken(request);
  const attendeeId = token ? attendeeIdFromToken(token) : undefined;
  if (!token || !attendeeId) return expired();
  const self = { path: { id: attendeeId } };

  if (payload.intent === 'sendCode') {
    const country = str(payload.phone_country_code) || 'FR';
    const answer = await callApi(
      request,
      (api) =>
        api.POST('/api/v1/attendees/{id}/send-token-to-verify-number', {
          params: self,
          // The API refuses a country other than FR, BE, CH with its French message.
          body: { phone: str(payload.phone), phone_country_code: country as PhoneCountry },
        }),
      { token },
    );
    return answer.ok
      ? json({ ok: true, message: answer.body.message, phone: answer.body.phone })
      : fromAnswer(answer);
  }

  if (payload.intent === 'verifyCode') {
    const code = str(payload.token).replace(/\s/g, '');
    if (!/^\d{4,10}$/.test(code))
      return failure(400, 'VALIDATION_FAILED', 'Le code doit être composé de chiffres');
    const answer = await callApi(
      request,
      (api) =>
        api.POST('/api/v1/attendees/{id}/verify-token-to-validate-number', {
          params: self,
          body: { token: code },
        }),
      { token },
    );
    return answer.ok
      ? json({ ok: true, message: answer.body.message, attendee: answer.body.attendee })
      : fromAnswer(answer);
  }

  // createEvent: the dialog's key for this attempt goes to the API unchanged, so a double
  // click or a retry after a lost answer replays the first booking instead of making another.
  const key = str(payload.idempotencyKey);
  if (!IDEMPOTENCY_KEY.test(key)) return failure(400, 'VALIDATION_FAILED', MESSAGES_FR.unexpectedError);
  const notes = str(payload.notes).slice(0, 2000);
  const answer = await callApi(
    request,
    (api) =>
      api.POST('/api/v1/attendees/{attendee_id}/create-event', {
        params: { path: { attendee_id: attendeeId } },
        headers: { 'idempotency-key': key },
        body: {
          user_id: str(payload.user_id),
          motive_id: str(payload.motive_id),
          // The API refuses an unknown mode with its French message.
          mode: str(payload.mode) as AppointmentMode,
          start: str(payload.start),
          ...(notes ? { notes } : {}),
          ...(payload.legal_aid === true ? { legal_aid: true } : {}),
          ...(payload.fee_agreement_accepted === true ? { fee_agreement_accepted: true } : {}),
        },
      }),
    { token, timeoutMs: 15_000 },
  );
  if (answer.ok) return json({ ok: true, appointment: answer.body }, 201);
  if (answer.code === 'ONLINE_BOOKING_DISABLED') {
    const { words } = currentSector();
    return failure(409, answer.code, MESSAGES_FR.noOnlineBooking(words.definite, words.plural));
  }
  return fromAnswer(answer);
}
