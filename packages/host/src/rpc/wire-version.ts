/**
 * The version of the wire shared by `/api/ws`, `/api/rpc`, `/api/events` and `outboard rpc`: the JSON-RPC
 * method set and the event shape. A field is removed or retyped only with a new major; the hub then keeps
 * serving the previous major under `/api/v<major>/`.
 */
export const WIRE_VERSION = 1;

/** Every wire major this host can speak, oldest first. */
export const SUPPORTED_WIRE_VERSIONS: readonly number[] = Object.freeze([1]);

/**
 * The version to answer a client in: the highest one both speak. `offered` is what the client states (one
 * version or a list; undefined: the current one). Returns undefined when nothing is common.
 */
export function negotiateWireVersion(offered: number | readonly number[] | undefined): number | undefined {
  if (offered === undefined) return WIRE_VERSION;
  const list = typeof offered === 'number' ? [offered] : offered;
  const common = list.filter((v) => SUPPORTED_WIRE_VERSIONS.includes(v));
  return common.length === 0 ? undefined : Math.max(...common);
}
