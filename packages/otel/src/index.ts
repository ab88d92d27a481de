/**
 * @outboard/otel: OpenTelemetry export of an Outboard host (DESIGN §9) as an in-process plugin: bus events as
 * log records, actions and RPC calls as spans, over OTLP/HTTP with the official SDK (docs/observability.md).
 */
export { otelPlugin } from './otel-plugin.js';
export type { OtelPluginOptions } from './otel-plugin.js';
export { isOtelConfigured, otelSignals } from './otel-env.js';
export type { OtelSignals } from './otel-env.js';
export { eventLogRecord } from './event-log-record.js';
export { recordActionSpan, recordRpcSpan } from './call-spans.js';
