import type { Framing } from '../framing/framing.js';
import type { ConformanceStep, Pattern } from './conformance-vector.js';
import { describePattern, matchPattern, substituteCaptures, type Mismatch } from './pattern-match.js';
import type { PeerProcessSession, ReceivedMessage } from './peer-process-session.js';

const DEFAULT_WITHIN_MS = 2000;

/** @internal What a step failure says (the runner adds the step number and kind). */
export interface StepFailure {
  readonly message: string;
  readonly expected?: string;
  readonly actual?: unknown;
  readonly mismatch?: Mismatch;
}

/** @internal Thrown by a step that failed. */
export class StepFailed extends Error {
  constructor(readonly failure: StepFailure) {
    super(failure.message);
  }
}

/** @internal The state a vector's steps share. */
export interface StepContext {
  readonly session: PeerProcessSession;
  readonly captures: Map<string, unknown>;
  readonly framing: Framing;
  /** Multiplies every wait. */
  readonly scale: number;
  readonly notes: string[];
  /** Methods of the requests sent so far, by id (to tell "the peer lacks a method" from a failure). */
  readonly sentMethods: Map<unknown, string>;
}

/** @internal `expect`, `collect`... : the step's kind, for reports. */
export function stepKind(step: ConformanceStep): string {
  return Object.keys(step).find((k) => k !== 'note' && k !== 'withinMs') ?? 'step';
}

/** @internal Runs one step; `extraMs` is added to its wait (start-up time). @throws StepFailed */
export async function runStep(step: ConformanceStep, context: StepContext, extraMs: number): Promise<void> {
  const { session, captures, framing, scale, notes } = context;
  const within = (ms: number | undefined): number => Math.round((ms ?? DEFAULT_WITHIN_MS) * scale) + extraMs;
  if ('send' in step) {
    const message = substituteCaptures(step.send, captures) as { id?: unknown; method?: unknown } | null;
    if (typeof message?.method === 'string' && message.id !== undefined) context.sentMethods.set(message.id, message.method);
    session.write(JSON.stringify(message));
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
