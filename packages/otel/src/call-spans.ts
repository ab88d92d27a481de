import { SpanKind, SpanStatusCode, type Attributes, type Tracer } from '@opentelemetry/api';
import type { BusEvent, RpcCallRecord } from '@outboard/host';

/**
 * A span for one finished action, from its `action.finished` event: named `action <id>`, ending at the event's
 * time and starting `durationMs` before it, with the action, extension, invocation, outcome and code (never
 * arguments or results). Status ERROR unless it succeeded. Events of other types are ignored.
 */
export function recordActionSpan(tracer: Tracer, event: BusEvent): void {
  if (event.type !== 'action.finished') return;
  const { action, durationMs, ok } = event.attributes;
  if (typeof action !== 'string') return;
  const end = Date.parse(event.time);
  const start = end - (typeof durationMs === 'number' ? durationMs : 0);
  const attributes: Attributes = { ...event.attributes, 'event.seq': event.seq };
  if (event.scope) attributes['event.project_id'] = event.scope.projectId;
  const span = tracer.startSpan(`action ${action}`, { kind: SpanKind.INTERNAL, startTime: start, attributes });
  span.setStatus(ok === true ? { code: SpanStatusCode.OK } : { code: SpanStatusCode.ERROR, message: String(event.attributes['code'] ?? 'error') });
  span.end(end);
}

/**
 * A span for one finished RPC call: named `rpc <method>` (`rpc (unknown method)` when nobody serves the name,
 * so a caller's typos never become span names), kind SERVER, with `rpc.system` `jsonrpc`, the method, owner,
 * caller, outcome and code (never params or results).
 */
export function recordRpcSpan(tracer: Tracer, call: RpcCallRecord): void {
  const method = call.owner === undefined ? '(unknown method)' : call.method;
  const attributes: Attributes = { 'rpc.system': 'jsonrpc', 'rpc.method': method, caller: call.caller, outcome: call.outcome };
  if (call.owner !== undefined) attributes['owner'] = call.owner;
  if (call.code !== undefined) attributes['code'] = call.code;
  const span = tracer.startSpan(`rpc ${method}`, { kind: SpanKind.SERVER, startTime: call.startTime, attributes });
  span.setStatus(call.outcome === 'ok' ? { code: SpanStatusCode.OK } : { code: SpanStatusCode.ERROR, message: call.code ?? 'error' });
  span.end(call.startTime + call.durationMs);
}
