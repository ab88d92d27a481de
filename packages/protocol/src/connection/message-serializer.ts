import type { RequestId, WireError } from '../messages.js';
import { stringifyPayload } from './payload-json.js';

// Messages are built as strings around JSON.stringify of the payload: no wrapper object per message,
// and member order fixed (jsonrpc, id, method first) so a reader of the first bytes finds the id.

function idText(id: RequestId | null): string {
  return typeof id === 'number' ? String(id) : JSON.stringify(id);
}

/** `{"jsonrpc":"2.0","id":…,"method":…,"params":…}`; params omitted when undefined. @throws what JSON.stringify throws. */
export function serializeRequest(id: RequestId, method: string, params: unknown): string {
  const p = params === undefined ? undefined : stringifyPayload(params);
  return `{"jsonrpc":"2.0","id":${idText(id)},"method":${JSON.stringify(method)}${p === undefined ? '' : `,"params":${p}`}}`;
}

/** `{"jsonrpc":"2.0","method":…,"params":…}`. @throws what JSON.stringify throws. */
export function serializeNotification(method: string, params: unknown): string {
  const p = params === undefined ? undefined : stringifyPayload(params);
  return `{"jsonrpc":"2.0","method":${JSON.stringify(method)}${p === undefined ? '' : `,"params":${p}`}}`;
}

/** A success response; an undefined (or unserialisable-to-nothing) result is sent as null. @throws what JSON.stringify throws. */
export function serializeResult(id: RequestId, result: unknown): string {
  const r = result === undefined ? undefined : stringifyPayload(result);
  return `{"jsonrpc":"2.0","id":${idText(id)},"result":${r === undefined ? 'null' : r}}`;
}

/** An error response. Never throws: unserialisable `data` is dropped. */
export function serializeError(id: RequestId | null, error: WireError): string {
  const head = `{"jsonrpc":"2.0","id":${idText(id)},"error":`;
  try {
    return `${head}${JSON.stringify({ code: error.code, message: error.message, data: error.data })}}`;
  } catch {
    return `${head}${JSON.stringify({ code: error.code, message: error.message })}}`;
  }
}
