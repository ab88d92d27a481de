import { CodedError } from '@outboard/protocol';

/** One row of {@link CLIENT_ERROR_CODES}: what the code means, and the fix as a template taking the hub's host id. */
export interface ClientErrorCodeInfo {
  readonly meaning: string;
  readonly fix: (id: string) => string;
}

/**
 * Every code a `ClientError` can carry: ONE table for this package and its Python twin (clients/python, whose
 * test holds its table equal to this one, the fix shown with the placeholder `<id>`), listed in docs/errors.md
 * under "Errors of the hub clients". A fix is a template taking the host id of the hub the client was pointed at.
 */
export const CLIENT_ERROR_CODES = Object.freeze({
  CLIENT_OPTIONS_INVALID: { meaning: 'connect() was given an option of the wrong type or shape', fix: () => 'pass the options the API reference names (home, url, token, hostId)' },
  CLIENT_HUB_NOT_RUNNING: { meaning: 'no hub serves this home (no hub record, or its process is gone)', fix: (id) => `start one with \`${id} hub start\`` },
  CLIENT_TOKEN_UNREADABLE: { meaning: "the home's token file is missing or unreadable", fix: (id) => `start the hub once (\`${id} hub start\`) to create it, or check the permissions of the home` },
  CLIENT_UNREACHABLE: { meaning: 'the hub could not be reached (nothing listens at its URL, or it did not answer in time)', fix: (id) => `check it with \`${id} hub status\`; restart it with \`${id} hub stop\` then \`${id} hub start\`` },
  CLIENT_NOT_THIS_HUB: { meaning: 'what answers at the URL is not a hub of this host id serving this home', fix: (id) => `check the URL and home you connect with; \`${id} hub status\` shows the right one` },
  CLIENT_API_VERSION: { meaning: 'the client and the hub speak no common hub API version', fix: () => 'upgrade the side with the older version (the message names both)' },
  CLIENT_REFUSED: { meaning: 'the hub refused the connection or request (its status and words are in the message)', fix: (id) => `check the token and the request; \`${id} hub status\` shows the hub` },
  CLIENT_CALL_FAILED: { meaning: 'the hub answered a call with an error (its own code is in `hubCode`, its fix in `hint`)', fix: () => 'read the message and hint; the hub codes are in docs/errors.md and docs/protocol.md' },
  CLIENT_CANCELLED: { meaning: 'the call was cancelled by its AbortSignal (the hub cancelled it in the peer too)', fix: () => 'nothing to fix: run it again without aborting' },
  CLIENT_DISCONNECTED: { meaning: 'the connection to the hub ended while a call ran, so whether it ran is unknown', fix: () => 'check the state it changes, then call again (the client reconnects by itself)' },
  CLIENT_CLOSED: { meaning: 'the client was used after close()', fix: () => 'connect() again' },
} as const satisfies Record<string, ClientErrorCodeInfo>);

/** One of {@link CLIENT_ERROR_CODES}. */
export type ClientErrorCode = keyof typeof CLIENT_ERROR_CODES;

/** Options of {@link ClientError}. */
export interface ClientErrorOptions {
  /** The fix, when more specific than the code's generic one. */
  hint?: string;
  /** The host id the fix's commands are named after. Default: the placeholder `<id>` stays as written. */
  hostId?: string;
  /** The underlying error. */
  cause?: unknown;
}

/**
 * The one error class of @outboard/client, a `CodedError` (the one base class of Outboard's coded errors). `code` is one of {@link CLIENT_ERROR_CODES} (branch on it, never on
 * the message); `message` is one line naming the problem; `hint` names the fix.
 */
export class ClientError extends CodedError<ClientErrorCode> {
  override name = 'ClientError';
  readonly hint: string;

  constructor(code: ClientErrorCode, message: string, options: ClientErrorOptions = {}) {
    super(code, message, options.cause === undefined ? undefined : { cause: options.cause });
    if (!Object.hasOwn(CLIENT_ERROR_CODES, code)) throw new TypeError(`unknown ClientError code ${JSON.stringify(code)}`);
    this.hint = options.hint ?? (CLIENT_ERROR_CODES[code] as ClientErrorCodeInfo).fix(options.hostId ?? '<id>');
  }
}

/**
 * The hub answered a call with an error: `hubCode` is the hub's own code (an Outboard error code such as
 * `PEER_ACTION_UNKNOWN`, or a wire code such as `method_not_found`), `reason` the wire reason
 * (`cancelled`, `unavailable`...), `details` the extra lines the hub gave.
 */
export class HubCallError extends ClientError {
  override name = 'HubCallError';
  readonly hubCode: string;
  readonly reason: string;
  readonly details: readonly string[];

  constructor(message: string, init: { hubCode: string; reason: string; hint?: string; details?: readonly string[]; cause?: unknown }) {
    super('CLIENT_CALL_FAILED', message, { ...(init.hint !== undefined ? { hint: init.hint } : {}), cause: init.cause });
    this.hubCode = init.hubCode;
    this.reason = init.reason;
    this.details = init.details ?? [];
  }
}

/** True when `error` is a {@link ClientError} with `code` (any code when left out), also across copies of this package. */
export function isClientError(error: unknown, code?: ClientErrorCode): error is ClientError {
  const c = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof c === 'string' && Object.hasOwn(CLIENT_ERROR_CODES, c) && (code === undefined || c === code);
}
