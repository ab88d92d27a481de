import type { Framing } from '../framing/framing.js';
import { STANDARD_HANDSHAKE, type ConformanceStep, type ConformanceVector, type Pattern } from './conformance-vector.js';
import { describePattern, matchPattern, substituteCaptures, type Mismatch } from './pattern-match.js';
import { PeerProcessSession, type ReceivedMessage } from './peer-process-session.js';

/** Options of {@link runConformance}. */
export interface ConformanceOptions {
  /** The peer's argv, e.g. `["python3", "examples/python-peer/peer.py"]`. Never run through a shell. */
  readonly command: readonly string[];
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
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
  /** True when every non-optional vector passed. */
  readonly passed: boolean;
}

const DEFAULT_WITHIN_MS = 2000;

class StepFailed extends Error {
  constructor(readonly failure: Omit<VectorFailure, 'step' | 'what'>) {
    super(failure.message);
  }
}

/**
 * Replays each vector against a fresh peer process (started from `command`) and reports pass/fail per
 * vector with the expected and actual message. Results are in the order of `vectors`.
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  if (!Array.isArray(options.command) || options.command.length === 0 || options.command.some((a) => typeof a !== 'string')) {
    throw new TypeError(`ConformanceOptions.command must be a non-empty array of strings, got ${JSON.stringify(options.command)}`);
  }
  const concurrency = options.concurrency ?? 1;
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new TypeError(`ConformanceOptions.concurrency must be an integer >= 1, got ${String(concurrency)}`);
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
  return { results, passed: results.every((r) => r.passed || r.optional) };
}

/** Runs one vector against a fresh peer process. Never throws for peer misbehaviour: it is the result. */
export async function runConformanceVector(vector: ConformanceVector, options: Omit<ConformanceOptions, 'vectors'>): Promise<VectorResult> {
  const scale = options.timeScale ?? 1;
  const framing: Framing = vector.framing ?? 'ndjson';
  const steps = [...(vector.handshake === false ? [] : STANDARD_HANDSHAKE), ...vector.steps];
  const started = Date.now();
  const session = new PeerProcessSession({ command: options.command, framing, ...(options.cwd ? { cwd: options.cwd } : {}), ...(options.env ? { env: options.env } : {}) });
  const captures = new Map<string, unknown>();
  const notes: string[] = [];
  let failure: VectorFailure | undefined;
  // Start-up time is not protocol behaviour: the first wait for an answer gets extra time.
  let startupMs = options.startupMs ?? 10000;
  for (let i = 0; i < steps.length && !failure; i++) {
    const step = steps[i] as ConformanceStep;
    const waits = 'expect' in step || 'expectUnordered' in step || 'collect' in step;
    try {
      await runStep(step, session, captures, framing, scale, notes, waits ? startupMs : 0);
      if (waits) startupMs = 0;
    } catch (error) {
      const what = `${stepKind(step)}${step.note ? ` (${step.note})` : ''}`;
      failure = error instanceof StepFailed ? { step: i + 1, what, ...error.failure } : { step: i + 1, what, message: error instanceof Error ? error.message : String(error) };
    }
  }
  await session.stop();
  notes.push(...session.problems);
  return {
    name: vector.name,
    description: vector.description,
    optional: vector.optional === true,
    passed: failure === undefined,
    ...(failure ? { failure } : {}),
    durationMs: Date.now() - started,
    notes,
    stderrTail: session.transport.stderrTail(),
  };
}

function stepKind(step: ConformanceStep): string {
  return Object.keys(step).find((k) => k !== 'note' && k !== 'withinMs') ?? 'step';
}

async function runStep(step: ConformanceStep, session: PeerProcessSession, captures: Map<string, unknown>, framing: Framing, scale: number, notes: string[], extraMs: number): Promise<void> {
  const within = (ms: number | undefined): number => Math.round((ms ?? DEFAULT_WITHIN_MS) * scale) + extraMs;
  if ('send' in step) {
    session.write(JSON.stringify(substituteCaptures(step.send, captures)));
  } else if ('sendRaw' in step) {
    session.writeRaw(step.sendRaw);
  } else if ('sendOversized' in step) {
    const { id, method, bytes } = step.sendOversized;
    const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":${JSON.stringify(method)},"params":{"data":"`;
    const tail = '"}}';
    session.write(head + 'x'.repeat(Math.max(0, bytes - head.length - tail.length)) + tail);
  } else if ('expect' in step) {
    const message = await nextExpected(session, step.expect, within(step.withinMs), captures);
    checkFraming(message, framing);
    const mismatch = matchPattern(step.expect, message.value, captures);
    if (mismatch) throw new StepFailed({ message: `the message does not match at ${mismatch.path}: expected ${mismatch.expected}, got ${JSON.stringify(mismatch.actual) ?? 'nothing'}`, expected: describePattern(step.expect), actual: message.value, mismatch });
  } else if ('expectUnordered' in step) {
    const remaining = [...step.expectUnordered];
    const deadline = Date.now() + within(step.withinMs);
    while (remaining.length > 0) {
      const message = await nextExpected(session, { $oneOf: remaining }, Math.max(1, deadline - Date.now()), captures);
      checkFraming(message, framing);
      const index = remaining.findIndex((p) => matchPattern(p, message.value, new Map()) === undefined);
      if (index === -1) throw new StepFailed({ message: `a message matches none of the ${remaining.length} still expected`, expected: remaining.map(describePattern).join(' | '), actual: message.value });
      matchPattern(remaining[index], message.value, captures);
      remaining.splice(index, 1);
    }
  } else if ('collect' in step) {
    await collect(step, session, captures, framing, within(step.withinMs));
  } else if ('expectNoMessage' in step) {
    const message = await nextRelevant(session, undefined, Math.round(step.expectNoMessage * scale), captures);
    if (message) throw new StepFailed({ message: `expected no answer for ${step.expectNoMessage} ms, got one`, actual: message.value });
  } else if ('closeInput' in step) {
    session.transport.close();
  } else if ('expectExit' in step) {
    const exit = await session.waitForExit(within(step.expectExit.withinMs));
    if (!exit) throw new StepFailed({ message: `the peer did not exit within ${within(step.expectExit.withinMs)} ms of the previous step; a peer must exit when its stdin closes` });
    if (step.expectExit.code !== undefined && exit.code !== step.expectExit.code) {
      throw new StepFailed({ message: `the peer exited with ${exit.code === null ? `signal ${String(exit.signal)}` : `code ${exit.code}`}, expected code ${step.expectExit.code}` });
    }
  } else if ('sleep' in step) {
    await new Promise((resolve) => setTimeout(resolve, Math.round(step.sleep * scale)));
  } else {
    notes.push(`unknown step ${JSON.stringify(step)} was skipped`);
  }
}

/**
 * The next message worth checking, or undefined when none came within `ms`: notifications the pattern
 * does not describe (progress, logs) are skipped.
 */
async function nextRelevant(session: PeerProcessSession, pattern: Pattern | undefined, ms: number, captures: Map<string, unknown>): Promise<ReceivedMessage | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const message = await session.next(Math.max(0, deadline - Date.now()));
    if (!message) return undefined;
    const v = message.value as { id?: unknown; method?: unknown };
    const isNotification = typeof v === 'object' && v !== null && typeof v.method === 'string' && v.id === undefined;
    if (isNotification && (pattern === undefined || matchPattern(pattern, message.value, new Map(captures)) !== undefined)) continue;
    return message;
  }
}

/** Like {@link nextRelevant}, failing the step when nothing arrives. */
async function nextExpected(session: PeerProcessSession, pattern: Pattern, ms: number, captures: Map<string, unknown>): Promise<ReceivedMessage> {
  const message = await nextRelevant(session, pattern, ms, captures);
  if (message) return message;
  throw new StepFailed({ message: session.transport.exit ? 'the peer exited before sending the expected message' : `no message within ${ms} ms`, expected: describePattern(pattern), actual: undefined });
}

function checkFraming(message: ReceivedMessage, framing: Framing): void {
  if (message.framing !== framing) throw new StepFailed({ message: `the peer answered in ${message.framing} framing; it must answer in the framing it is spoken to (${framing})`, actual: message.value });
}

async function collect(step: Extract<ConformanceStep, { collect: unknown }>, session: PeerProcessSession, captures: Map<string, unknown>, framing: Framing, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  const collected: unknown[] = [];
  for (;;) {
    const message = await session.next(Math.max(0, deadline - Date.now()));
    if (!message) throw new StepFailed({ message: `${describePattern(step.until)} did not arrive within ${ms} ms (${collected.length} matching messages before)`, expected: describePattern(step.until) });
    checkFraming(message, framing);
    if (matchPattern(step.collect, message.value, new Map()) === undefined) {
      collected.push(message.value);
      continue;
    }
    const untilMismatch = matchPattern(step.until, message.value, captures);
    if (untilMismatch === undefined) break;
    const v = message.value as { id?: unknown };
    if (typeof v === 'object' && v !== null && v.id === undefined) continue;
    throw new StepFailed({ message: `the message matches neither the collected pattern nor the end pattern (at ${untilMismatch.path}: expected ${untilMismatch.expected})`, expected: describePattern(step.until), actual: message.value, mismatch: untilMismatch });
  }
  const min = step.min ?? 0;
  const max = step.max ?? Number.POSITIVE_INFINITY;
  if (collected.length < min || collected.length > max) {
    throw new StepFailed({ message: `${collected.length} messages matched ${describePattern(step.collect)}, expected between ${min} and ${max}` });
  }
  if (step.last !== undefined) {
    const last = collected.at(-1);
    const mismatch = matchPattern(step.last, last, captures);
    if (mismatch) throw new StepFailed({ message: `the last collected message does not match at ${mismatch.path}: expected ${mismatch.expected}, got ${JSON.stringify(mismatch.actual) ?? 'nothing'}`, expected: describePattern(step.last), actual: last, mismatch });
  }
}
