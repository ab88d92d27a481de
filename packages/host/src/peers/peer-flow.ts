import type { Connection, Disposable, Transport } from '@outboard/protocol';
import type { TurnBudget } from './turn-budget.js';

/** Longest a peer's output stays unread while its requests wait to be served, in ms (see paceReading). */
const MAX_READ_PAUSE_MS = 250;

/**
 * After a chunk that took the host `t` ms to handle, its peer's output stays unread for at least
 * `t * COST_FACTOR` ms: one peer's traffic takes at most 1 / (1 + COST_FACTOR) of the host's time, so a
 * flooding peer leaves the host mostly idle, and an idle host is scheduled promptly on a loaded machine.
 * A peer sending a little at a time is never slowed (its chunks cost microseconds).
 */
const COST_FACTOR = 3;

/** Wraps `transport` to charge the handling of each chunk it delivers to `budget` (nothing else changes). */
export function chargeDeliveries(transport: Transport, budget: TurnBudget): Transport {
  return {
    start: (sink) =>
      transport.start({
        onData: (chunk) => {
          const started = performance.now();
          try {
            sink.onData(chunk);
          } finally {
            budget.charge(performance.now() - started);
          }
        },
        onDrain: () => sink.onDrain(),
        onClose: (error) => sink.onClose(error),
      }),
    write: (data) => transport.write(data),
    close: () => transport.close(),
    pause: () => transport.pause(),
    resume: () => transport.resume(),
  };
}

/**
 * Flow control of a peer's output, through the transport's `pause()`/`resume()`: after each chunk read,
 * reading pauses until, in a later event-loop turn, what the peer sent is served — no request of it waits
 * in the connection's queue nor for its turn budget — or MAX_READ_PAUSE_MS passed (answers the host waits
 * for must still get through), and at least COST_FACTOR times the host time its traffic cost since reading
 * last resumed (its chunks and its service calls, charged to `budget`). A peer
 * flooding the host then gets a bounded share of the loop, like every other peer and timer, instead of the
 * whole of it (one pipe read can deliver thousands of messages), and its full pipe pushes back on it.
 * Event-driven: nothing polls.
 */
export function paceReading(transport: Pick<Transport, 'pause' | 'resume'>, connection: Connection, budget: TurnBudget): Disposable {
  let paused = false;
  let disposed = false;
  let waiting: Disposable | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  let cooling: ReturnType<typeof setTimeout> | undefined;
  /** The budget's spending when reading last resumed. */
  let spentAtResume = budget.spentMs;
  const resume = (): void => {
    if (!paused) return;
    paused = false;
    spentAtResume = budget.spentMs;
    waiting?.dispose();
    waiting = undefined;
    clearTimeout(deadline);
    clearTimeout(cooling);
    transport.resume();
  };
  const resumeWhenCooled = (): void => {
    const left = Math.min(MAX_READ_PAUSE_MS, (budget.spentMs - spentAtResume) * COST_FACTOR);
    if (left < 1) resume();
    else cooling = setTimeout(resume, left);
  };
  const whenServed = (): void => {
    if (disposed || !paused) return;
    if (connection.state === 'open' && connection.diagnostics().queuedIncoming > 0) {
      // Queued requests reach their handlers (and the budget) as running ones finish: check again then.
      const queued = connection.onIncomingQueueEmpty(() => {
        queued.dispose();
        waiting = budget.whenIdle(whenServed);
      });
      waiting = queued;
      return;
    }
    resumeWhenCooled();
  };
  const read = connection.onDataRead(() => {
    if (paused || disposed) return;
    paused = true;
    transport.pause();
    waiting = budget.whenIdle(whenServed);
    deadline = setTimeout(resume, MAX_READ_PAUSE_MS);
    deadline.unref();
  });
  return {
    dispose: () => {
      if (disposed) return;
      disposed = true;
      read.dispose();
      // Never leave the transport paused: its end must still be seen.
      resume();
    },
  };
}
