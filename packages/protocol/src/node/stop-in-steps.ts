import { checkInteger } from '../connection/connection-options.js';

/**
 * The step after which a stopped process exited: `already-exited` (before the stop began), `stdin` (after the
 * shutdown request and the end of its stdin), `sigterm`, `sigkill`, or `stuck` (still alive after SIGKILL).
 * The one step union of every process Outboard stops.
 */
export type StopStep = 'already-exited' | 'stdin' | 'sigterm' | 'sigkill' | 'stuck';

/** What a stop acts on: a process seen through its exit and two levers. */
export interface StopTarget {
  /** Whether it has exited already. */
  hasExited(): boolean;
  /** Resolves once it has exited. Never rejects. */
  readonly exited: Promise<unknown>;
  /** Ends its input (the lifetime pipe); may be async (a connection flushing first). */
  closeInput(): unknown;
  /** Sends a signal to it (and what belongs to it); a process already gone is not an error. */
  signal(signal: 'SIGTERM' | 'SIGKILL'): void;
}

/** The waits of a stop, in milliseconds. */
export interface StopTimings {
  /** Something that asks the process to stop (e.g. a `shutdown` request); awaited up to `requestTimeoutMs`. */
  readonly requestShutdown?: () => Promise<unknown>;
  /** Wait for the shutdown request. Default 2000. */
  readonly requestTimeoutMs?: number;
  /** Wait for exit after the input closed. Default 2000. */
  readonly stdinTimeoutMs?: number;
  /** Wait for exit after SIGTERM. Default 2000. */
  readonly sigtermTimeoutMs?: number;
  /** Wait for exit after SIGKILL. Default 5000. */
  readonly sigkillTimeoutMs?: number;
}

/**
 * Stops a process in steps, each only while it still runs: the shutdown request, its input closed, wait,
 * SIGTERM, wait, SIGKILL, wait. Resolves with the step after which it exited; never rejects; its timers
 * never keep this process alive.
 * @throws TypeError naming a timing that is not a whole number of milliseconds >= 0.
 */
export async function stopInSteps(target: StopTarget, timings: StopTimings = {}): Promise<StopStep> {
  const requestTimeoutMs = checkInteger('StopTimings', 'requestTimeoutMs', timings.requestTimeoutMs ?? 2000, 0, 'milliseconds');
  const stdinTimeoutMs = checkInteger('StopTimings', 'stdinTimeoutMs', timings.stdinTimeoutMs ?? 2000, 0, 'milliseconds');
  const sigtermTimeoutMs = checkInteger('StopTimings', 'sigtermTimeoutMs', timings.sigtermTimeoutMs ?? 2000, 0, 'milliseconds');
  const sigkillTimeoutMs = checkInteger('StopTimings', 'sigkillTimeoutMs', timings.sigkillTimeoutMs ?? 5000, 0, 'milliseconds');
  if (target.hasExited()) return 'already-exited';
  if (timings.requestShutdown) await waitFor(Promise.resolve().then(timings.requestShutdown).catch(() => undefined), requestTimeoutMs);
  try {
    await target.closeInput();
  } catch {
    // A failing close still counts as closed: the signals follow.
  }
  if (await exitsWithin(target, stdinTimeoutMs)) return 'stdin';
  target.signal('SIGTERM');
  if (await exitsWithin(target, sigtermTimeoutMs)) return 'sigterm';
  target.signal('SIGKILL');
  if (await exitsWithin(target, sigkillTimeoutMs)) return 'sigkill';
  return 'stuck';
}

async function exitsWithin(target: StopTarget, ms: number): Promise<boolean> {
  if (target.hasExited()) return true;
  await waitFor(target.exited, ms);
  return target.hasExited();
}

function waitFor(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    void promise.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
