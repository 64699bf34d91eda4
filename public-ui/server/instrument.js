/**
 * First import of index.js: OpenTelemetry traces and Sentry error tracking for the gateway, each off unless
 * configured (the standard OTEL_* variables with an exporter; SENTRY_DSN), and loaded before Express and undici
 * so their requests are traced: the browser's request -> gateway -> API spans are one trace (W3C traceparent,
 * which the undici instrumentation adds to the proxied request).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const env = process.env;

function tracingConfigured() {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER) return env.OTEL_TRACES_EXPORTER !== 'none';
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

if (tracingConfigured()) {
  env.OTEL_SERVICE_NAME ||= 'rdv-web';
  env.OTEL_METRICS_EXPORTER ||= 'none';
  env.OTEL_LOGS_EXPORTER ||= 'none';
  const { NodeSDK } = require('@opentelemetry/sdk-node');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
  const { UndiciInstrumentation } = require('@opentelemetry/instrumentation-undici');
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => /^\/(healthz|metrics)/.test(request.url ?? ''),
      }),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => void sdk.shutdown());
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const PHONE = /(?:\+|00)?\d[\d .-]{7,}\d/g;
const BEARER = /(bearer\s+|token=)[A-Za-z0-9._~+/-]+=*/gi;
/** @param {string} text */
export const scrubText = (text) =>
  text.replace(EMAIL, '[email]').replace(BEARER, '$1[redacted]').replace(PHONE, '[phone]');

/** Sentry event without personal data: no user, headers, cookies, query string, body or local variables. */
export function scrubEvent(event) {
  delete event.user;
  if (event.request) event.request = { method: event.request.method, url: event.request.url?.split('?')[0] };
  if (event.message) event.message = scrubText(event.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) delete frame.vars;
  }
  delete event.extra;
  return event;
}

if (env.SENTRY_DSN) {
  const Sentry = require('@sentry/node');
  Sentry.init({
    dsn: env.SENTRY_DSN,
    environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
    release: env.SENTRY_RELEASE,
    serverName: 'rdv-web',
    // Nothing collected that could carry personal data (beforeSend scrubs what remains).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    enableOpenTelemetrySetup: false,
    beforeSend: scrubEvent,
  });
}
