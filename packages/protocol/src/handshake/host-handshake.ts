import type { Connection } from '../connection/connection.js';
import { checkInteger, describe } from '../connection/connection-options.js';
import { ConnectionError } from '../errors/connection-error.js';
import { HandshakeError } from '../errors/handshake-error.js';
import { ResponseError } from '../errors/response-error.js';
import { HandshakeMethods, type ExtensionInfo, type HostInfo, type InitializeParams, type InitializeResult } from './handshake-messages.js';
import { SUPPORTED_PROTOCOL, describeProtocolRange, isProtocolRange, type ProtocolRange } from './protocol-range.js';

/** Options of {@link performHostHandshake}. */
export interface HostHandshakeOptions {
  readonly host: HostInfo;
  readonly instanceId: string;
  readonly extension: ExtensionInfo;
  /** Protocol versions the host speaks. Default {min: 1, max: 1}. */
  readonly protocol?: ProtocolRange;
  /** Host features offered. Default []. */
  readonly features?: readonly string[];
  /** Limits announced to the peer. Default: none announced. */
  readonly limits?: { readonly maxMessageBytes: number };
  /** Deadline of the whole handshake (both round trips and `authorize`), in milliseconds. Default 10000. */
  readonly timeoutMs?: number;
  /**
   * Checks the peer's answer against what was approved (identity, contributions, capabilities) and returns
   * the grants. Throw to refuse the peer (the handshake fails with `rejected_by_host`, the message kept).
   * Default: grants nothing.
   */
  readonly authorize?: (peer: InitializeResult) => readonly string[] | Promise<readonly string[]>;
  /** Passed to the peer in `activate`. Default {}. */
  readonly context?: Readonly<Record<string, unknown>>;
}

/** What a successful handshake established. */
export interface HostHandshakeResult {
  /** The negotiated protocol version. */
  readonly protocol: number;
  /** The peer's `initialize` answer. */
  readonly peer: InitializeResult;
  /** The grants sent in `activate`. */
  readonly grants: readonly string[];
}

/**
 * Runs the host side: `initialize` → check the answer (version in range, shape) → `authorize` → `activate`
 * → ready, all within `timeoutMs`. The connection must be listening.
 * @throws HandshakeError with a code saying which step failed (the peer's ResponseError as `cause`).
 */
export async function performHostHandshake(connection: Connection, options: HostHandshakeOptions): Promise<HostHandshakeResult> {
  const range = options.protocol ?? SUPPORTED_PROTOCOL;
  if (!isProtocolRange(range)) throw new TypeError(`HostHandshakeOptions.protocol must be {min, max} with 1 <= min <= max, got ${JSON.stringify(range)}`);
  const timeoutMs = checkInteger('HostHandshakeOptions', 'timeoutMs', options.timeoutMs ?? 10000, 1, 'milliseconds');
  if (options.authorize !== undefined && typeof options.authorize !== 'function') throw new TypeError(`HostHandshakeOptions.authorize must be a function, got ${describe(options.authorize)}`);
  const deadline = Date.now() + timeoutMs;
  const remaining = (): number => Math.max(1, deadline - Date.now());
  const name = connection.name;

  const params: InitializeParams = {
    protocol: { min: range.min, max: range.max },
    host: options.host,
    instanceId: options.instanceId,
    features: options.features ?? [],
    extension: options.extension,
    ...(options.limits ? { limits: options.limits } : {}),
  };
  let answer: unknown;
  try {
    answer = await connection.request(HandshakeMethods.initialize, params, { timeoutMs: remaining() });
  } catch (error) {
    throw stepError(error, 'initialize_failed', `${name} refused initialize`, timeoutMs, name, range);
  }
  const peer = checkInitializeResult(answer, name);
  if (peer.protocol < range.min || peer.protocol > range.max) {
    throw new HandshakeError('protocol_mismatch', `${name} chose protocol ${peer.protocol}, outside the host's ${describeProtocolRange(range)}; update the extension or the host`);
  }

  let grants: readonly string[] = [];
  if (options.authorize) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new HandshakeError('handshake_timeout', `the host's check of ${name} did not finish within the ${timeoutMs} ms handshake deadline`)), remaining());
      });
      grants = await Promise.race([Promise.resolve(options.authorize(peer)), timedOut]);
    } catch (error) {
      if (error instanceof HandshakeError) throw error;
      throw new HandshakeError('rejected_by_host', `${name} was refused: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  try {
    // Any successful answer means ready (DESIGN §8: `{ready: true}` or `{}` alike); only an error fails activation.
    await connection.request(HandshakeMethods.activate, { grants, context: options.context ?? {} }, { timeoutMs: remaining() });
  } catch (error) {
    throw stepError(error, 'activation_failed', `${name} failed to activate`, timeoutMs, name, range);
  }
  return { protocol: peer.protocol, peer, grants };
}

function stepError(error: unknown, code: 'initialize_failed' | 'activation_failed', what: string, timeoutMs: number, name: string, range: ProtocolRange): HandshakeError {
  if (error instanceof ResponseError) {
    if (error.origin === 'local' && error.reason === 'timeout') return new HandshakeError('handshake_timeout', `${name} did not finish the handshake within ${timeoutMs} ms; check that the peer reads stdin and answers initialize/activate`, { cause: error });
    if (error.origin === 'local' && error.reason === 'unavailable') return new HandshakeError('connection_lost', `${name} exited or closed its pipes during the handshake; see its log (stderr)`, { cause: error });
    const supported = (error.data as { supported?: unknown }).supported;
    if (code === 'initialize_failed' && isProtocolRange(supported)) {
      return new HandshakeError('protocol_mismatch', `no common protocol version: the host supports ${describeProtocolRange(range)}, ${name} supports ${describeProtocolRange(supported)}; update whichever is older`, { cause: error });
    }
    return new HandshakeError(code, `${what}: ${error.message} (${error.reason})`, { cause: error });
  }
  if (error instanceof ConnectionError) return new HandshakeError('connection_lost', `cannot handshake with ${name}: ${error.message}`, { cause: error });
  return new HandshakeError(code, `${what}: ${String(error)}`, { cause: error });
}

function checkInitializeResult(value: unknown, name: string): InitializeResult {
  const fail = (field: string, expected: string, got: unknown): HandshakeError =>
    new HandshakeError('invalid_peer_info', `${name} answered initialize with ${field} = ${JSON.stringify(got) ?? 'undefined'}, expected ${expected}; fix the peer's initialize handler`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail('the result', 'an object', value);
  const r = value as Record<string, unknown>;
  if (!Number.isSafeInteger(r['protocol'])) throw fail('protocol', 'an integer version', r['protocol']);
  if (typeof r['name'] !== 'string' || r['name'] === '') throw fail('name', 'a non-empty string', r['name']);
  if (typeof r['version'] !== 'string' || r['version'] === '') throw fail('version', 'a non-empty string', r['version']);
  const contributes = r['contributes'] ?? {};
  if (typeof contributes !== 'object' || contributes === null || Array.isArray(contributes)) throw fail('contributes', 'an object', contributes);
  const capabilities = r['capabilities'] ?? {};
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) throw fail('capabilities', 'an object', capabilities);
  for (const key of ['required', 'optional'] as const) {
    const list = (capabilities as Record<string, unknown>)[key];
    if (list !== undefined && (!Array.isArray(list) || list.some((c) => typeof c !== 'string'))) throw fail(`capabilities.${key}`, 'an array of strings', list);
  }
  return { ...(r as unknown as InitializeResult), contributes: contributes as InitializeResult['contributes'], capabilities: capabilities as InitializeResult['capabilities'] };
}
