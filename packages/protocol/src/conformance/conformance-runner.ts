import type { Framing } from '../framing/framing.js';
import { peerLaunchGuardEnv } from '../handshake/launch-guard.js';
import { STANDARD_HANDSHAKE, type ConformanceStep, type ConformanceVector } from './conformance-vector.js';
import { StepFailed, runStep, stepKind, type StepContext } from './conformance-steps.js';
import type { Mismatch } from './pattern-match.js';
import { PeerProcessSession } from './peer-process-session.js';

/** Options of {@link runConformance}. */
export interface ConformanceOptions {
  /** The peer's argv, e.g. `["python3", "examples/python-peer/peer.py"]`. Never run through a shell. */
  readonly command: readonly string[];
  readonly cwd?: string;
  /** Environment of the peer. Default: this process's. The launch guard (see `host`) is added to it. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * The host the peer is launched as, for the launch guard a host sets (`<P>_PEER_HOST`,
   * `<P>_PEER_PROTOCOL`, docs/peers.md): `id` default `outboard`, `envPrefix` default `OUTBOARD`
   * (the id in upper case).
   */
  readonly host?: { readonly id?: string; readonly envPrefix?: string };
  /** Vectors to run (see `loadConformanceVectors`). */
  readonly vectors: readonly ConformanceVector[];
  /** Multiplies every wait (for slow machines). Default 1. */
  readonly timeScale?: number;
  /** Extra time allowed for the first answer of each vector, which includes the peer's start-up, in ms. Default 10000. */
  readonly startupMs?: number;
  /** Vectors run at the same time, each against its own peer process. Default 1. */
  readonly concurrency?: number;
  /** Called after each vector, e.g. to print progress. */
  readonly onResult?: (result: VectorResult) => void;
}

/** Why a vector failed. */
export interface VectorFailure {
  /** 1-based index of the failing step (the standard handshake steps come first when used). */
  readonly step: number;
  /** The step's kind (`expect`, `collect`...) and note. */
  readonly what: string;
  /** One line saying what went wrong. */
  readonly message: string;
  /** The pattern expected, in words, when a message did not match. */
  readonly expected?: string;
  /** What arrived instead (undefined: nothing arrived). */
  readonly actual?: unknown;
  /** Where in the message the first difference is, e.g. `$.error.data.code`, and what was found there. */
  readonly mismatch?: Mismatch;
}

/** The outcome of one vector. */
export interface VectorResult {
  readonly name: string;
  readonly description: string;
  readonly optional: boolean;
  readonly passed: boolean;
  /**
   * Set when the vector was skipped: it needs methods beyond the core protocol (its `requires`) and the
   * peer answered one of them `method_not_found`. Says which. A skipped vector is not passed, nor failed.
   */
  readonly skipped?: string;
  readonly failure?: VectorFailure;
  readonly durationMs: number;
  /** Problems seen on the side (stray stdout lines...) that did not fail the vector by themselves. */
  readonly notes: readonly string[];
  /** The end of the peer's stderr, for diagnosing a failure. */
  readonly stderrTail: string;
}

/** The outcome of a run. */
export interface ConformanceReport {
  readonly results: readonly VectorResult[];
  /** True when every non-optional vector passed or was skipped. */
  readonly passed: boolean;
}

/**
 * Replays each vector against a fresh peer process (started from `command`, with the launch guard a
 * host sets) and reports pass/fail/skip per vector with the expected and actual message. Results are in
 * the order of `vectors`.
 * @throws TypeError for bad options.
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  if (!Array.isArray(options.command) || options.command.length === 0 || options.command.some((a) => typeof a !== 'string')) {
    throw new TypeError(`ConformanceOptions.command must be a non-empty array of strings, got ${JSON.stringify(options.command)}`);
  }
  const concurrency = options.concurrency ?? 1;
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new TypeError(`ConformanceOptions.concurrency must be an integer >= 1, got ${String(concurrency)}`);
  peerEnv(options);
  const results: VectorResult[] = new Array<VectorResult>(options.vectors.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < options.vectors.length) {
      const index = next++;
      const result = await runConformanceVector(options.vectors[index] as ConformanceVector, options);
      results[index] = result;
      options.onResult?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, options.vectors.length) }, lane));
  return { results, passed: results.every((r) => r.passed || r.optional || r.skipped !== undefined) };
}

/** Runs one vector against a fresh peer process. Never throws for peer misbehaviour: it is the result. */
export async function runConformanceVector(vector: ConformanceVector, options: Omit<ConformanceOptions, 'vectors'>): Promise<VectorResult> {
  const scale = options.timeScale ?? 1;
  const framing: Framing = vector.framing ?? 'ndjson';
  const steps = [...(vector.handshake === false ? [] : STANDARD_HANDSHAKE), ...vector.steps];
  const started = Date.now();
  const session = new PeerProcessSession({ command: options.command, framing, env: peerEnv(options), ...(options.cwd ? { cwd: options.cwd } : {}) });
  const context: StepContext = { session, captures: new Map(), framing, scale, notes: [], sentMethods: new Map() };
  let failure: VectorFailure | undefined;
  // Start-up time is not protocol behaviour: the first wait for an answer gets extra time.
  let startupMs = options.startupMs ?? 10000;
  for (let i = 0; i < steps.length && !failure; i++) {
    const step = steps[i] as ConformanceStep;
    const waits = 'expect' in step || 'expectUnordered' in step || 'collect' in step;
    try {
      await runStep(step, context, waits ? startupMs : 0);
      if (waits) startupMs = 0;
    } catch (error) {
      const what = `${stepKind(step)}${step.note ? ` (${step.note})` : ''}`;
      failure = error instanceof StepFailed ? { step: i + 1, what, ...error.failure } : { step: i + 1, what, message: error instanceof Error ? error.message : String(error) };
    }
  }
  await session.stop();
  // Also when nothing failed: a vector whose subject the peer lacks did not test what it describes.
  const skipped = missingRequiredMethod(vector, context);
  return {
    name: vector.name,
    description: vector.description,
    optional: vector.optional === true,
    passed: failure === undefined && skipped === undefined,
    ...(skipped ? { skipped } : failure ? { failure } : {}),
    durationMs: Date.now() - started,
    notes: [...context.notes, ...session.problems],
    stderrTail: session.transport.stderrTail(),
  };
}

/** The environment of the peer: the given one (or this process's) plus the launch guard. */
function peerEnv(options: Omit<ConformanceOptions, 'vectors'>): Record<string, string | undefined> {
  const guard = peerLaunchGuardEnv({ ...(options.host?.id !== undefined ? { hostId: options.host.id } : {}), ...(options.host?.envPrefix !== undefined ? { envPrefix: options.host.envPrefix } : {}) });
  return { ...(options.env ?? process.env), ...guard };
}

/** Why the vector is skipped rather than failed: a method it requires was answered method_not_found. */
function missingRequiredMethod(vector: ConformanceVector, context: StepContext): string | undefined {
  const required = vector.requires ?? [];
  if (required.length === 0) return undefined;
  for (const id of context.session.methodNotFoundIds) {
    const method = context.sentMethods.get(id);
    if (method !== undefined && required.includes(method)) {
      return `the peer does not implement ${method} (answered method_not_found); this vector needs ${required.join(', ')}, the test methods of docs/protocol.md ("Conformance")`;
    }
  }
  return undefined;
}
