import type { ActionTarget } from './types.js';

/**
 * Words no extension or command may be named, whatever the host: they are the host's own namespaces
 * (`<host> ext`, `/x/<name>/`, `<host> hub`, `extensions.paths` in config...). A host adds its built-in
 * command names and aliases through `ManifestContext.reservedNames`.
 */
export const RESERVED_WORDS: readonly string[] = Object.freeze([
  'ext',
  'x',
  'hub',
  'extensions',
  'paths',
  'api',
  'config',
  'help',
  'version',
]);

/** The manifest `apiVersion`s this package can validate. A host may support a subset, never more. */
export const SUPPORTED_API_VERSIONS: readonly number[] = Object.freeze([1]);

/** Health path a sidecar gets when its manifest names none. */
export const DEFAULT_SIDECAR_HEALTH = '/';

/** Minutes without a request (and without an open WebSocket) before the hub stops a sidecar, when unset. */
export const DEFAULT_IDLE_STOP_MINUTES = 15;
/** Seconds the hub waits for a sidecar's response headers before answering 504 (manifest `sidecar.headersTimeoutSeconds`). */
export const DEFAULT_SIDECAR_HEADERS_TIMEOUT_SECONDS = 30;

/** Activation events a peer gets when its manifest names none: lazy, on its first action or RPC call. */
export const DEFAULT_ACTIVATION: readonly string[] = Object.freeze(['onAction', 'onRpc', 'onProvider', 'onView']);

/** Targets an action gets when its manifest names none. */
export const DEFAULT_ACTION_TARGETS: readonly ActionTarget[] = Object.freeze(['global'] as const);
