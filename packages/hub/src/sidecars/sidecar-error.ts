import { OutboardError, type OutboardErrorOptions } from '@outboard/host/errors';
import { SIDECAR_ERROR_CODES, type SidecarErrorCode } from '../http/sidecar-codes.js';

/**
 * Why a sidecar is not served or not available. The proxy answers `status` with `{ "error": message }`;
 * the CLI prints it like any OutboardError. `retryAfterSeconds` is set while restarts back off.
 */
export class SidecarError extends OutboardError<SidecarErrorCode> {
  override name = 'SidecarError';
  /** The HTTP status of the answer: 404 for a name the hub does not serve, 503 for one it cannot start now. */
  readonly status: number;
  /** Seconds until a start will be tried again (a `Retry-After` header), when backing off. */
  readonly retryAfterSeconds: number | undefined;
  /** The last lines the sidecar wrote before a failed start (raw: escaped by whatever shows them), when known. */
  readonly logTail: readonly string[] | undefined;

  constructor(code: SidecarErrorCode, message: string, options: OutboardErrorOptions & { retryAfterSeconds?: number; logTail?: readonly string[] } = {}) {
    super(code, message, options);
    this.status = SIDECAR_ERROR_CODES[code].status;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.logTail = options.logTail;
  }

  protected override get codeTable(): typeof SIDECAR_ERROR_CODES {
    return SIDECAR_ERROR_CODES;
  }
}
