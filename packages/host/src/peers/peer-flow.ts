import type { Connection, Disposable, Transport } from '@outboard/protocol';
import type { TurnBudget } from './turn-budget.js';

/** Longest a peer's output stays unread while its requests wait to be served, in ms (see paceReading). */
const MAX_READ_PAUSE_MS = 250;

/**
 * When a peer's traffic cost the host `t` ms since its output was last read, its output stays unread for
 * at least `t * COST_FACTOR` ms: one peer takes at most 1 / (1 + COST_FACTOR) of the host's time, so a
 * flooding peer leaves the host mostly idle, and an idle host is scheduled promptly on a loaded machine.
 * A peer sending a little at a time is not slowed (its traffic costs microseconds).
 */
const COST_FACTOR = 3;

/**
 * COST_FACTOR while another peer of the host is talking to it (see {@link PeerTraffic}): the busy peer then
 * takes at most a sixth of the host. On a loaded machine every millisecond the host runs is one it may
 * wait for a core, and the other peer's answers wait behind it (bench/peer-flood.ts, another peer's RPC
 * p99 during a flood, 3 s phases: about 2.9 ms with a quarter, 0.6-1.9 ms with a sixth, 1.1-1.7 ms with
 * an eighth, for 8.5-9.4k, 6.3-7.2k and 5.4k of the flood's events a second).
 */
const SHARED_COST_FACTOR = 5;

/** How long after its last read a peer still counts as talking to the host, in ms. */
const ACTIVE_MS = 100;

/**
 * Which peers of one host were read from lately. Each peer's pacing notes its reads here and asks whether
 * another peer is active: a peer whose traffic costs the host yields more while others are talking.
 */
export class PeerTraffic {
  private readonly lastRead = new Map<object, number>();

  /** `who` was read from at `now` (performance.now()). */
  noteRead(who: object, now: number): void {
    this.lastRead.set(who, now);
  }

  /** Whether a peer other than `who` was read from within ACTIVE_MS of `now`. */
  othersActive(who: object, now: number): boolean {
    for (const [other, at] of this.lastRead) if (other !== who && now - at < ACTIVE_MS) return true;
    return false;
  }

  /** `who` is gone (its run ended). */
  forget(who: object): void {
    this.lastRead.delete(who);
  }
}

/** Wraps `transport` to charge the handling of each chunk it delivers to `budget` (nothing else changes). */
export function chargeDeliveries(transport: Transport, budget: TurnBudget): Transport {
  return {
    ...(transport.framesMessages === true ? { framesMessages: true } : {}),
    start: (sink) =>
      transport.start({
        onData: (chunk) => budget.measure(() => sink.onData(chunk)),
        ...(sink.onMessage ? { onMessage: (text: string) => budget.measure(() => sink.onMessage?.(text)) } : {}),
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
 * for must still get through), and at least COST_FACTOR times the host time its traffic cost since
 * reading last resumed (its chunks and its service calls, charged to `budget`; SHARED_COST_FACTOR times
 * while `traffic` says another peer is talking to the host). A chunk of which nothing waits and whose
 * pause would be under a millisecond pauses nothing (the pause would end at once). A peer flooding the
 * host then gets a bounded share of the loop, like every other peer and timer, instead of the whole of it
 * (one pipe read can deliver thousands of messages), and its full pipe pushes back on it. Event-driven:
 * nothing polls.
 */
export function paceReading(transport: Pick<Transport, 'pause' | 'resume'>, connection: Connection, budget: TurnBudget, traffic: PeerTraffic = new PeerTraffic()): Disposable {
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
  /** How long reading stays paused for what the peer's traffic cost since reading last resumed, in ms. */
  const coolingMs = (now: number): number => {
    const factor = traffic.othersActive(connection, now) ? SHARED_COST_FACTOR : COST_FACTOR;
    return Math.min(MAX_READ_PAUSE_MS, (budget.spentMs - spentAtResume) * factor);
  };
  // A request waits in the connection's queue only while all its handler slots are taken, so only while a
  // call of this peer is in progress: a peer that sent none (one answering the host) costs no diagnostics().
  const hasQueued = (): boolean => budget.callsInProgress > 0 && connection.state === 'open' && connection.diagnostics().queuedIncoming > 0;
  const resumeWhenCooled = (): void => {
    const left = coolingMs(performance.now());
    if (left < 1) resume();
    else {
      cooling = setTimeout(resume, left);
      cooling.unref();
    }
  };
  const whenServed = (): void => {
    if (disposed || !paused) return;
    if (hasQueued()) {
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
    if (disposed) return;
    const now = performance.now();
    traffic.noteRead(connection, now);
    if (paused) return;
    if (budget.waiting === 0 && coolingMs(now) < 1 && !hasQueued()) {
      // What was read is served or being served, and cost next to nothing: a pause would end at once in
      // the next turn (see whenServed), so reading goes on without one. A peer answering the host's
      // requests one at a time is never paused; a flooding peer is, after its first costly chunk.
      spentAtResume = budget.spentMs;
      return;
    }
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
      traffic.forget(connection);
      // Never leave the transport paused: its end must still be seen.
      resume();
    },
  };
}
