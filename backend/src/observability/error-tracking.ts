import type { ErrorEvent } from '@sentry/node';

/**
 * Error tracking (Sentry's SDK): on when SENTRY_DSN is set, off by default. Errors only (the traces are
 * OpenTelemetry's, see tracing.ts), and scrubbed of personal data before they leave: no cookies, headers, query
 * strings or bodies, no user, and e-mail addresses, phone numbers and bearer tokens masked in messages.
 */
let enabled = false;
type Sentry = typeof import('@sentry/node');
let sentry: Sentry | undefined;

export function startErrorTracking(service: string, env: NodeJS.ProcessEnv = process.env): void {
  if (!env.SENTRY_DSN) return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when a DSN is set
  sentry = require('@sentry/node') as Sentry;
  sentry.init({
    dsn: env.SENTRY_DSN,
    environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
    release: env.SENTRY_RELEASE,
    serverName: service,
    // Nothing collected that could carry personal data (beforeSend scrubs what remains).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    // OpenTelemetry is set up by tracing.ts (or not at all): Sentry must not install a second one.
    enableOpenTelemetrySetup: false,
    tracesSampleRate: undefined,
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => ({
      ...breadcrumb,
      message: breadcrumb.message && scrubText(breadcrumb.message),
      data: undefined,
    }),
  });
  enabled = true;
}

/** Reports an unexpected error (a 500, a failed job); no-op when tracking is off. */
export function reportError(error: unknown, tags: Record<string, string> = {}): void {
  if (!enabled || !sentry) return;
  sentry.captureException(error, { tags });
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const PHONE = /(?:\+|00)?\d[\d .-]{7,}\d/g;
const BEARER = /(bearer\s+|token=)[A-Za-z0-9._~+/-]+=*/gi;

export function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(BEARER, '$1[redacted]').replace(PHONE, '[phone]');
}

export function scrubEvent(event: ErrorEvent): ErrorEvent {
  delete event.user;
  if (event.request) {
    event.request = { method: event.request.method, url: event.request.url?.split('?')[0] };
  }
  if (event.message) event.message = scrubText(event.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) delete frame.vars;
  }
  delete event.extra;
  if (event.contexts) delete event.contexts.state;
  return event;
}
