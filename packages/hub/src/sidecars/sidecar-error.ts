import { OutboardError, type ErrorCodeInfo, type OutboardErrorOptions } from '@outboard/host/errors';

/**
 * Why the hub does not serve a sidecar at /x/<name>/, or cannot now: ONE table of the shape of the host's
 * `ERROR_CODES`, plus the HTTP status the proxy answers with; listed in docs/errors.md ("Errors of the hub").
 */
export const SIDECAR_ERROR_CODES = {
  SIDECAR_UNKNOWN: { status: 404, meaning: 'no installed extension has this name, or it declares no sidecar', exitCode: 1, fix: (host) => `run \`${host.id} extensions list\` and \`${host.id} extensions info <name>\`` },
  SIDECAR_NOT_SERVED: { status: 404, meaning: 'the hub does not serve this sidecar: the extension is not enabled as installed (unapproved, changed, disabled, invalid, incompatible, in conflict) or comes from a project source', exitCode: 2, fix: (host) => `run \`${host.id} extensions enable <name>\`; install project extensions in the user source for the hub` },
  SIDECAR_UNAVAILABLE: { status: 503, meaning: 'the sidecar could not be started or did not become healthy (memory floor, crash backoff, health timeout, early exit)', exitCode: 1, fix: (_host) => `read the sidecar's log (\`<home>/ext/<name>/logs/sidecar.log\`)` },
} as const satisfies Record<string, ErrorCodeInfo & { status: number }>;

/** One code of {@link SIDECAR_ERROR_CODES}. */
export type SidecarErrorCode = keyof typeof SIDECAR_ERROR_CODES;

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
