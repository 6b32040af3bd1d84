import { register } from 'node:module';

/**
 * OpenTelemetry traces (issue 18, decision 0974): when `OTEL_EXPORTER_OTLP_ENDPOINT` (or the traces-only
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set, the HTTP server, PostgreSQL (`pg`) and outgoing HTTP (`fetch`) are
 * traced and exported over OTLP/HTTP; the SDK reads the other standard `OTEL_*` settings itself. Unset, nothing is
 * loaded: the server's spans are `@opentelemetry/api`'s no-op ones.
 */
export async function startTelemetry(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return false;
  // ES modules are instrumented through a loader hook, registered before any of them is imported.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }, { UndiciInstrumentation }] = await Promise.all(
    [
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-undici'),
    ],
  );
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? 'portico',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      // Probes and metrics scrapes would be most of the traces and tell nothing.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)\b/.test(req.url ?? '') }),
      new PgInstrumentation(),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void sdk.shutdown());
  return true;
}
