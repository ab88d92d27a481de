import { OutboardError, type ErrorCodeInfo, type OutboardErrorOptions } from '@outboard/host/errors';

/**
 * The codes of the hub process's own failures (starting it, its files): ONE table of the shape of the host's
 * `ERROR_CODES`, raised as {@link HubError} and listed in docs/errors.md ("Errors of the hub"). The refusals the
 * hub answers a request with are its `ANSWER_CODES`; why a sidecar is not served, `SIDECAR_ERROR_CODES`.
 */
export const HUB_ERROR_CODES = {
  HUB_PORT_TAKEN: { meaning: "the hub's port is taken by another program", exitCode: 1, fix: (_host) => `start it on another port (--port), or stop that program` },
  HUB_FILES_UNSAFE: { meaning: 'the home folder or the token file is open to other users, or the token file is not a regular file', exitCode: 1, fix: (_host) => `run the chmod (or rm) the message names, then start the hub again` },
  HUB_START_FAILED: { meaning: 'the hub process did not start or did not answer in time', exitCode: 1, fix: (_host) => `read the hub's log (<home>/logs/hub.log), or start it with --foreground to see it fail` },
} as const satisfies Record<string, ErrorCodeInfo>;

/** One code of {@link HUB_ERROR_CODES}. */
export type HubErrorCode = keyof typeof HUB_ERROR_CODES;

/** A failure of the hub process (a port taken, unsafe files, a start that did not answer): an {@link OutboardError} with a code of {@link HUB_ERROR_CODES}. */
export class HubError extends OutboardError<HubErrorCode> {
  override name = 'HubError';

  constructor(code: HubErrorCode, message: string, options: OutboardErrorOptions = {}) {
    super(code, message, options);
  }

  protected override get codeTable(): typeof HUB_ERROR_CODES {
    return HUB_ERROR_CODES;
  }
}
