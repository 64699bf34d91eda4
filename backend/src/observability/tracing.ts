import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
} from '@opentelemetry/api';

/**
 * OpenTelemetry traces: gateway -> API -> PostgreSQL / Redis -> outbox row -> job -> worker -> SMTP / calendar
 * providers. Configured by the standard OTEL_* variables (OTEL_EXPORTER_OTLP_ENDPOINT,
 * OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER...), and off when none names an exporter:
 * then nothing is loaded and the @opentelemetry/api calls below are no-ops.
 */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER;
  if (exporter) return exporter !== 'none';
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** Starts the SDK before the instrumented libraries load (call it from the entry's first import). */
export function startTracing(serviceName: string): void {
  if (!tracingConfigured()) return;
  process.env.OTEL_SERVICE_NAME ||= serviceName;
  // Metrics are Prometheus' (metrics.ts), logs pino's: the SDK exports traces only.
  process.env.OTEL_METRICS_EXPORTER ||= 'none';
  process.env.OTEL_LOGS_EXPORTER ||= 'none';
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } =
    require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const sdk = new NodeSDK({
    instrumentations: [
      // Probes and scrapes are noise, not traces.
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => /^\/(metrics|health|api\/v1\/health)/.test(request.url ?? ''),
      }),
      // Statement text only, never the values (they carry personal data). Only inside a traced request or job:
      // the relay's polling and BullMQ's own Redis traffic would otherwise be a trace each, every half second.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  // Flush what is buffered when the process is asked to stop (Nest closes the app on the same signal).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void sdk.shutdown());
}

const tracer = () => trace.getTracer('rdv');

/** W3C trace context of the active span, to carry in an outbox row's payload (and so in its job); {} when off. */
export function currentTraceContext(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/**
 * Runs a queue job in a span whose parent is the context the outbox row carried (`_trace`): the request that
 * booked and the mail the worker sends are one trace.
 */
export function inJobSpan<T>(
  queue: string,
  job: { name: string; data?: unknown },
  work: () => Promise<T>,
): Promise<T> {
  const carried = (job.data as { _trace?: Record<string, string> } | undefined)?._trace ?? {};
  const parent = propagation.extract(ROOT_CONTEXT, carried);
  return tracer().startActiveSpan(
    `${queue} ${job.name}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: { 'messaging.system': 'bullmq', 'messaging.destination.name': queue },
    },
    parent,
    (span) => settle(span, work),
  );
}

/** A client span around an outbound call the instrumentations do not see (SMTP). */
export function inClientSpan<T>(name: string, attributes: Record<string, string>, work: () => Promise<T>) {
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, (span) => settle(span, work));
}

async function settle<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
    throw error;
  } finally {
    span.end();
  }
}
