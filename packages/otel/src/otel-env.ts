/** Which OpenTelemetry signals the environment asks for (see {@link otelSignals}). */
export interface OtelSignals {
  /** Bus events as log records: `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_LOGS_ENDPOINT` is set. */
  readonly logs: boolean;
  /** Action and RPC calls as spans: `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set. */
  readonly traces: boolean;
}

/**
 * The signals the standard `OTEL_*` variables ask for: a signal is on when its endpoint (or the common one) is
 * set, and off with `OTEL_SDK_DISABLED=true` or `OTEL_LOGS_EXPORTER`/`OTEL_TRACES_EXPORTER` = `none`.
 */
export function otelSignals(env: NodeJS.ProcessEnv): OtelSignals {
  if (flag(env['OTEL_SDK_DISABLED'])) return { logs: false, traces: false };
  const common = set(env['OTEL_EXPORTER_OTLP_ENDPOINT']);
  return {
    logs: (common || set(env['OTEL_EXPORTER_OTLP_LOGS_ENDPOINT'])) && !none(env['OTEL_LOGS_EXPORTER']),
    traces: (common || set(env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'])) && !none(env['OTEL_TRACES_EXPORTER']),
  };
}

/** Whether the environment asks for any export: what makes a hub load the plugin. */
export function isOtelConfigured(env: NodeJS.ProcessEnv): boolean {
  const { logs, traces } = otelSignals(env);
  return logs || traces;
}

/** The batching of one signal, from the standard `OTEL_BLRP_*` (logs) or `OTEL_BSP_*` (spans) variables. */
export interface BatchSettings {
  /** Delay between two exports, in ms. Default 1000. */
  readonly scheduledDelayMillis: number;
  /** Records held while waiting to export; more are dropped. Default 2048. */
  readonly maxQueueSize: number;
  /** Records per export. Default 512 (at most `maxQueueSize`). */
  readonly maxExportBatchSize: number;
  /** Time one export may take, in ms. Default 30000. */
  readonly exportTimeoutMillis: number;
}

/** Reads {@link BatchSettings} for `prefix` (`OTEL_BLRP` or `OTEL_BSP`); a malformed value falls back to the default. */
export function batchSettings(env: NodeJS.ProcessEnv, prefix: 'OTEL_BLRP' | 'OTEL_BSP'): BatchSettings {
  const maxQueueSize = positive(env[`${prefix}_MAX_QUEUE_SIZE`], 2048);
  return {
    scheduledDelayMillis: positive(env[`${prefix}_SCHEDULE_DELAY`], 1000),
    maxQueueSize,
    maxExportBatchSize: Math.min(positive(env[`${prefix}_MAX_EXPORT_BATCH_SIZE`], 512), maxQueueSize),
    exportTimeoutMillis: positive(env[`${prefix}_EXPORT_TIMEOUT`], 30_000),
  };
}

function set(value: string | undefined): boolean {
  return value !== undefined && value.trim().length > 0;
}

function flag(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}

function none(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'none';
}

function positive(raw: string | undefined, fallback: number): number {
  const value = raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
