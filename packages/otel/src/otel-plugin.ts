import { diag, DiagLogLevel, type Tracer } from '@opentelemetry/api';
import type { Logger } from '@opentelemetry/api-logs';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import { BatchLogRecordProcessor, LoggerProvider, type LogRecordExporter } from '@opentelemetry/sdk-logs';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { outboundEvent, type HostPlugin, type PluginContext } from '@outboard/host';
import { recordActionSpan, recordRpcSpan } from './call-spans.js';
import { EndpointGate } from './endpoint-gate.js';
import { eventLogRecord } from './event-log-record.js';
import { batchSettings, otelSignals } from './otel-env.js';

/** Options of {@link otelPlugin}. */
export interface OtelPluginOptions {
  /** `service.name` of the resource unless `OTEL_SERVICE_NAME` (or `OTEL_RESOURCE_ATTRIBUTES`) says otherwise. Default: the plugin's name. */
  serviceName?: string;
  /** `service.version` of the resource. Default: none. */
  serviceVersion?: string;
  /** Exports the log records. Default: OTLP/HTTP (JSON) to the configured endpoint, when logs are configured. */
  logExporter?: LogRecordExporter;
  /** Exports the spans. Default: OTLP/HTTP (JSON) to the configured endpoint, when traces are configured. */
  spanExporter?: SpanExporter;
  /** The most time the last flush may take when the host closes its plugins, in ms. Default 2000. */
  shutdownTimeoutMs?: number;
}

/**
 * The OpenTelemetry export of a host (DESIGN §9), as an in-process plugin (`createHost({ plugins: [otelPlugin()] })`):
 * every bus event becomes a log record, every finished action (`action.finished`) and RPC call a span, sent with
 * the official SDK's batch processors and OTLP/HTTP exporters. The bus never waits for it: records are made
 * from the plugins' bounded queue and batched; after a failed export no records are made for a pause (1 s,
 * doubling to 30 s while exports keep failing: see EndpointGate), so a dead endpoint costs the bus nothing.
 * What leaves is redacted by the host's rule (`outboundEvent`): bodies, arguments, params and results only with
 * `telemetry.payloads: true`. Logs are on when `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_LOGS_ENDPOINT`
 * is set (or `logExporter` given), spans with the common or `..._TRACES_ENDPOINT`; the other standard variables
 * (`OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`, `OTEL_EXPORTER_OTLP_HEADERS`, `..._TIMEOUT`, `OTEL_BLRP_*`,
 * `OTEL_BSP_*`) apply. With neither, `setup` does nothing.
 */
export function otelPlugin(options: OtelPluginOptions = {}): HostPlugin {
  let logs: LoggerProvider | undefined;
  let traces: BasicTracerProvider | undefined;
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? 2000;
  return {
    name: 'otel',
    setup(ctx: PluginContext): void {
      // The SDK's exporters and resource detector read `process.env`: so does everything else here, one source.
      const env = process.env;
      const signals = otelSignals(env);
      const wantLogs = signals.logs || options.logExporter !== undefined;
      const wantTraces = signals.traces || options.spanExporter !== undefined;
      if (!wantLogs && !wantTraces) return;
      // The SDK reports export failures through its diagnostic logger: to the host's log, once per kind, never to stdout.
      diag.setLogger(onceEach((line) => ctx.log(line)), { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
      const resource = otelResource(options.serviceName ?? ctx.name, options.serviceVersion);
      if (wantLogs) {
        const gate = new EndpointGate();
        const exporter = gate.wrap(options.logExporter ?? new OTLPLogExporter());
        logs = new LoggerProvider({ resource, processors: [new BatchLogRecordProcessor({ exporter, ...batchSettings(env, 'OTEL_BLRP') })] });
        exportEvents(ctx, logs.getLogger(ctx.name, options.serviceVersion), gate);
      }
      if (wantTraces) {
        const gate = new EndpointGate();
        const exporter = gate.wrap(options.spanExporter ?? new OTLPTraceExporter());
        const batch = batchSettings(env, 'OTEL_BSP');
        traces = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter, batch)] });
        exportCalls(ctx, traces.getTracer(ctx.name, options.serviceVersion), gate);
      }
    },
    async dispose(): Promise<void> {
      const providers = [logs, traces].filter((p) => p !== undefined);
      logs = traces = undefined;
      // A dead endpoint must not hold the host's stop: the last flush gets a bounded time.
      await Promise.race([Promise.allSettled(providers.map((p) => p.shutdown())), delay(shutdownTimeoutMs)]);
    },
  };
}

/** Every bus event, redacted by the host's rule, as a log record (none while the endpoint is paused). */
function exportEvents(ctx: PluginContext, logger: Logger, gate: EndpointGate): void {
  ctx.on('*', (event) => {
    if (gate.open()) logger.emit(eventLogRecord(outboundEvent(event, ctx.telemetry.payloads())));
  });
}

/** Finished actions (from the bus) and RPC calls (from the registry's observer) as spans (none while paused). */
function exportCalls(ctx: PluginContext, tracer: Tracer, gate: EndpointGate): void {
  ctx.on('action.finished', (event) => void (gate.open() && recordActionSpan(tracer, event)));
  ctx.observeRpc((call) => void (gate.open() && recordRpcSpan(tracer, call)));
}

/** The SDK's defaults, then the host's service name and version, then what `OTEL_SERVICE_NAME` and `OTEL_RESOURCE_ATTRIBUTES` say. */
function otelResource(serviceName: string, serviceVersion: string | undefined): Resource {
  const own = resourceFromAttributes({ 'service.name': serviceName, ...(serviceVersion ? { 'service.version': serviceVersion } : {}) });
  return defaultResource().merge(own).merge(detectResources({ detectors: [envDetector] }));
}

/** A diagnostic logger that writes each distinct message once (a dead endpoint fails every batch the same way). */
function onceEach(write: (line: string) => void): { error: (m: string) => void; warn: (m: string) => void; info: () => void; debug: () => void; verbose: () => void } {
  const seen = new Set<string>();
  const once = (level: string) => (message: string): void => {
    const line = `OpenTelemetry ${level}: ${message}`;
    if (seen.has(line) || seen.size > 100) return;
    seen.add(line);
    write(line);
  };
  return { error: once('error'), warn: once('warning'), info: () => undefined, debug: () => undefined, verbose: () => undefined };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
