import type { Connection, Disposable, Transport } from '@outboard/protocol';
import type { TurnBudget } from './turn-budget.js';

/** Longest a peer's output stays unread while its requests wait to be served, in ms (see paceReading). */
const MAX_READ_PAUSE_MS = 250;

/**
 * Flow control of a peer's output, through the transport's `pause()`/`resume()`: after each chunk read,
 * reading pauses until, in a later event-loop turn, what the peer sent is served — no request of it waits
 * in the connection's queue nor for its turn budget — or MAX_READ_PAUSE_MS passed (answers the host waits
 * for must still get through). A peer flooding the host then gets one slice of the loop per turn, like
 * every other peer and timer, instead of the whole of it (one pipe read can deliver thousands of
 * messages), and its full pipe pushes back on it. Event-driven: nothing polls.
 */
export function paceReading(transport: Pick<Transport, 'pause' | 'resume'>, connection: Connection, budget: TurnBudget): Disposable {
  let paused = false;
  let disposed = false;
  let waiting: Disposable | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  const resume = (): void => {
    if (!paused) return;
    paused = false;
    waiting?.dispose();
    waiting = undefined;
    clearTimeout(deadline);
    transport.resume();
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
    resume();
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
