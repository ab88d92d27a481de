import type { ErrorCodeInfo } from '@outboard/host/errors';

/**
 * Why the hub does not serve a sidecar at /x/<name>/, or cannot now: the answers of a mount, beside the hub's
 * other answers (answer-codes.ts), raised by the sidecars' SidecarError. ONE table of the shape of the host's
 * `ERROR_CODES`, plus the HTTP status the proxy answers with; listed in docs/errors.md ("Errors of the hub").
 */
export const SIDECAR_ERROR_CODES = {
  SIDECAR_UNKNOWN: { status: 404, meaning: 'no installed extension has this name, or it declares no sidecar', exitCode: 1, fix: (host) => `run \`${host.id} extensions list\` and \`${host.id} extensions info <name>\`` },
  SIDECAR_NOT_SERVED: { status: 404, meaning: 'the hub does not serve this sidecar: the extension is not enabled as installed (unapproved, changed, disabled, invalid, incompatible, in conflict) or comes from a project source', exitCode: 2, fix: (host) => `run \`${host.id} extensions enable <name>\`; install project extensions in the user source for the hub` },
  SIDECAR_UNAVAILABLE: { status: 503, meaning: 'the sidecar could not be started or did not become healthy (memory floor, crash backoff, health timeout, early exit)', exitCode: 1, fix: (_host) => `read the sidecar's log (\`<home>/ext/<name>/logs/sidecar.log\`)` },
} as const satisfies Record<string, ErrorCodeInfo & { status: number }>;

/** One code of {@link SIDECAR_ERROR_CODES}. */
export type SidecarErrorCode = keyof typeof SIDECAR_ERROR_CODES;
