import { HubConnection, isClientError, HubCallError as ClientCallError, type CallOptions } from '@outboard/client';
import type { Disposable } from '@outboard/protocol';
import { OutboardError } from '@outboard/host/errors';
import { CliError } from '../errors/cli-errors.js';
import { KNOWN_CODES, isKnownCode } from '../errors/known-codes.js';
import { HubUnreachableError, type HubEndpoint } from './hub-endpoint.js';

/** Per-call options of {@link HubClient.call}. */
export type HubCallOptions = CallOptions;

/**
 * A refusal or failure the hub answered with an Outboard error code: the same code, message, hint and
 * details the host raised in the hub, so the CLI prints exactly what it prints without a hub. `reason` is
 * the wire reason of a peer failure (`cancelled`, `unavailable`...) when the hub sent one.
 */
export class HubCallError extends OutboardError<string> {
  override name = 'HubCallError';
  readonly reason: string | undefined;
  constructor(error: ClientCallError) {
    super(isKnownCode(error.hubCode) ? error.hubCode : 'HUB_REQUEST_FAILED', error.message, { ...(error.hint ? { hint: error.hint } : {}), ...(error.details.length ? { details: error.details } : {}), cause: error });
    this.reason = error.reason;
  }

  /** Any code of the host's, the hub's or the CLI's tables: the code the hub answered with. */
  protected override get codeTable(): typeof KNOWN_CODES {
    return KNOWN_CODES;
  }
}

/**
 * The CLI's JSON-RPC client of the hub: @outboard/client's {@link HubConnection} (one `/api/ws` connection),
 * with its errors told in the CLI's codes: an Outboard error the hub answered is raised as the host raised it
 * ({@link HubCallError}); a hub that cannot be reached is {@link HubUnreachableError}; a refused connection is
 * `HUB_REQUEST_FAILED`. Other errors (a wire refusal such as `method_not_found`, a cancellation) pass as the
 * client raised them, with their `reason`.
 */
export class HubClient {
  private constructor(
    readonly hub: HubEndpoint,
    private readonly connection: HubConnection,
  ) {}

  /** Connects to the hub's `/api/ws` with the token (see the class for how it rejects). */
  static async connect(hub: HubEndpoint, options: { signal?: AbortSignal } = {}): Promise<HubClient> {
    try {
      return new HubClient(hub, await HubConnection.open(hub, options));
    } catch (error) {
      if (isClientError(error, 'CLIENT_UNREACHABLE')) throw new HubUnreachableError(error.message);
      if (isClientError(error)) throw new CliError('HUB_REQUEST_FAILED', error.message, { cause: error });
      throw error;
    }
  }

  /** Calls `method` with `params` and resolves with its result (see the class for how it rejects). */
  async call(method: string, params: Record<string, unknown>, options: HubCallOptions = {}): Promise<unknown> {
    try {
      return await this.connection.call(method, params, options);
    } catch (error) {
      if (error instanceof ClientCallError && isKnownCode(error.hubCode)) throw new HubCallError(error);
      throw error;
    }
  }

  /** Handles a notification the hub sends on this connection (`events.event` after `events.subscribe`...); dispose to stop. */
  onNotification(method: string, handler: (params: unknown) => void): Disposable {
    return this.connection.onNotification(method, handler);
  }

  /** Called once when the connection ends, from either side, with the reason in one line. */
  onClose(listener: (reason: string) => void): Disposable {
    return this.connection.onClose(() => listener('the connection to the hub closed'));
  }

  /** Closes the connection (the hub cancels whatever is still running for it). Idempotent. */
  close(): void {
    this.connection.close();
  }
}
