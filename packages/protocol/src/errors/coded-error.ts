/**
 * The one base class of every coded error in Outboard, whatever package raises it: a stable `code` to branch
 * on (never the message) and a one-line `message` naming the problem. It lives here, in the lowest package the
 * others depend on, so `instanceof CodedError` holds across all of them.
 *
 * Each package owns its codes in one table and its own subclasses: the protocol's {@link ConnectionError},
 * {@link HandshakeError} (local) and {@link ResponseError} (the wire: `code` is the JSON-RPC number, `data.code`
 * the stable name); the host's `OutboardError` (and through it the CLI's and the hub's errors, each with a
 * table of their own); the SDK's `SdkError`; the client's `ClientError`. This class adds only `code`, so the
 * JSON shape of each subclass is its own.
 */
export class CodedError<Code extends string | number = string> extends Error {
  /** The stable code, from the table of the package that raised it. */
  readonly code: Code;

  /**
   * @param code the stable code.
   * @param message one line naming the problem (and, where there is one, the fix).
   * @param options passed to `Error` as given (`{ cause }`).
   */
  constructor(code: Code, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** The names a fix speaks of, for the host that shows it (DESIGN §1: a fix never hard-codes the reference host). */
export interface FixNames {
  /** The host id, e.g. `outboard`: the command a user types. */
  readonly id: string;
  /** The prefix of its environment variables, e.g. `OUTBOARD`. */
  readonly envPrefix: string;
}
