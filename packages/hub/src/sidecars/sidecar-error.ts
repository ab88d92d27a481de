import { OutboardError, type OutboardErrorOptions } from '@outboard/host';

/** The codes of sidecar refusals, each with the HTTP status the proxy answers with. */
export type SidecarErrorCode = 'SIDECAR_UNKNOWN' | 'SIDECAR_NOT_SERVED' | 'SIDECAR_UNAVAILABLE';

const STATUS: Record<SidecarErrorCode, number> = { SIDECAR_UNKNOWN: 404, SIDECAR_NOT_SERVED: 404, SIDECAR_UNAVAILABLE: 503 };

/**
 * Why a sidecar is not served or not available. The proxy answers `status` with `{ "error": message }`;
 * the CLI prints it like any OutboardError. `retryAfterSeconds` is set while restarts back off.
 */
export class SidecarError extends OutboardError {
  override name = 'SidecarError';
  /** The HTTP status of the answer: 404 for a name the hub does not serve, 503 for one it cannot start now. */
  readonly status: number;
  /** Seconds until a start will be tried again (a `Retry-After` header), when backing off. */
  readonly retryAfterSeconds: number | undefined;
  /** The last lines the sidecar wrote before a failed start (raw: escaped by whatever shows them), when known. */
  readonly logTail: readonly string[] | undefined;

  constructor(code: SidecarErrorCode, message: string, options: OutboardErrorOptions & { retryAfterSeconds?: number; logTail?: readonly string[] } = {}) {
    super(code, message, options);
    this.status = STATUS[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.logTail = options.logTail;
  }
}
