/**
 * First import of index.js: OpenTelemetry traces and Sentry error tracking for the gateway, each off unless
 * configured (the standard OTEL_* variables with an exporter; SENTRY_DSN), and loaded before Express and undici
 * so their requests are traced: the browser's request -> gateway -> API spans are one trace (W3C traceparent,
 * which the undici instrumentation adds to the proxied request).
 */
import { createRequire } from 'node:module';
import { scrubErrorEvent } from '@rdv/api-client';

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
    // The same scrubbing as the pages' own error tracking (@rdv/api-client).
    beforeSend: scrubErrorEvent,
  });
}
