/**
 * Error tracking in the browser (Sentry's SDK) for the three apps: off unless the gateway says otherwise. The
 * gateway (SENTRY_BROWSER_DSN) writes the settings into the page as `<meta name="rdv-error-tracking">` and opens
 * the page's Content-Security-Policy to the DSN's origin; without that tag nothing is loaded (the SDK is a chunk
 * of its own, imported only then, so pages do not carry it, and only the part used: sentry-sdk.ts). What leaves is scrubbed like the servers' events:
 * no user, no cookies or headers, no query strings, e-mail addresses, phone numbers and tokens masked.
 */
import type { BrowserOptions, ErrorEvent } from '@sentry/browser';

export const ERROR_TRACKING_META = 'rdv-error-tracking';

export interface ErrorTrackingSettings {
  dsn: string;
  environment?: string;
  release?: string;
}

type SentryBrowser = typeof import('./sentry-sdk.js');

let sentry: SentryBrowser | undefined;

/** The settings the gateway put in the page, or null (tracking off, or a tag that does not parse). */
export function readErrorTrackingSettings(doc: Document = document): ErrorTrackingSettings | null {
  const content = doc.querySelector(`meta[name="${ERROR_TRACKING_META}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    const settings = JSON.parse(content) as Partial<ErrorTrackingSettings>;
    return typeof settings.dsn === 'string' && settings.dsn ? (settings as ErrorTrackingSettings) : null;
  } catch {
    return null;
  }
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const PHONE = /(?:\+|00)?\d[\d .-]{7,}\d/g;
const TOKEN = /(bearer\s+|token=)[A-Za-z0-9._~+/-]+=*/gi;

export function scrubErrorText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(TOKEN, '$1[redacted]').replace(PHONE, '[phone]');
}

/** A URL without its query string or fragment (sign-up, review and alert links carry tokens there). */
const bareUrl = (url: string) => url.split(/[?#]/)[0];

/**
 * An error event without personal data, for the browser SDK and the gateway's Node SDK alike: no user, extra,
 * headers, cookies, body, query string or local variables; addresses, numbers and tokens masked in the texts.
 */
export function scrubErrorEvent<T extends ErrorEvent>(event: T): T {
  delete event.user;
  delete event.extra;
  if (event.request)
    event.request = { method: event.request.method, url: event.request.url && bareUrl(event.request.url) };
  if (event.message) event.message = scrubErrorText(event.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubErrorText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) delete frame.vars;
  }
  for (const breadcrumb of event.breadcrumbs ?? []) {
    if (breadcrumb.message) breadcrumb.message = scrubErrorText(breadcrumb.message);
    delete breadcrumb.data;
  }
  return event;
}

/**
 * Starts tracking when the page carries the gateway's settings; resolves whether it did. `app` names the
 * application in the events (public, user, admin). `load` is the SDK import (a test passes its own).
 */
export async function startBrowserErrorTracking(
  app: 'public' | 'user' | 'admin',
  load: () => Promise<SentryBrowser> = () => import('./sentry-sdk.js'),
  doc: Document = document,
): Promise<boolean> {
  const settings = readErrorTrackingSettings(doc);
  if (!settings) return false;
  sentry = await load();
  const options: BrowserOptions = {
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    // Nothing collected that could carry personal data (beforeSend scrubs what remains).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    // Errors only: performance tracing is OpenTelemetry's, on the servers.
    tracesSampleRate: 0,
    initialScope: { tags: { app } },
    beforeSend: (event) => scrubErrorEvent(event),
    beforeBreadcrumb: (breadcrumb) =>
      breadcrumb.category === 'ui.input'
        ? null
        : {
            ...breadcrumb,
            message: breadcrumb.message && scrubErrorText(breadcrumb.message),
            data: undefined,
          },
  };
  sentry.init(options);
  return true;
}

/** An error a screen caught (error boundaries): reported when tracking is on, ignored otherwise. */
export function reportBrowserError(error: unknown): void {
  sentry?.captureException(error);
}
