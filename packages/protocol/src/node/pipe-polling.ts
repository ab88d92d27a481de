/**
 * Keeps this process's event loop polling its pipes, instead of sleeping, for a short while after a message
 * crosses one. Why: a process asleep in epoll_wait takes tens of microseconds to wake once bytes arrive
 * (on a virtual machine the idle core is halted and must be woken by the hypervisor), and the answer to a
 * request, or the next request after an answer, usually arrives well within that. Measured on a 2-core VM,
 * 100 B JSON ping-pong over a pipe: about 14k round trips a second when both sides sleep, about 38k when
 * one side polls for 100 µs, about 60k when both do; CPU per round trip does not rise (waking is not free either).
 *
 * Bounded: after the last message the loop polls (an empty `setImmediate` turn, so libuv checks the pipes
 * with a zero timeout) for at most the window, then sleeps as before. Nothing waits on it: timers, I/O and
 * the process's exit are unaffected but for at most one window.
 */

/**
 * The window of a peer's stdio (StdioTransport) by default, in microseconds: the answering side polls for
 * the next request. Hosts do not poll by default: measured, a host that polls while it is the busy side
 * (large messages, many in flight) lost up to 15% of its throughput, as its spin took the core its
 * garbage collector and the peer needed; a peer polling cost nothing measurable there. 50 µs gave the
 * same round trips as 100 or 200.
 */
export const PEER_PIPE_POLL_MICROS = 50;

/** The longest window accepted: beyond a millisecond, polling costs CPU that waking would not. */
export const MAX_PIPE_POLL_MICROS = 1000;

/** One process-wide poller: several transports share its turns rather than stacking their own. */
let pollUntil = 0;
let polling = false;

const poll = (): void => {
  if (performance.now() < pollUntil) setImmediate(poll);
  else polling = false;
};

/** Keeps the event loop polling for `micros` from now (0: no effect). Called on every chunk read or written. */
export function keepPolling(micros: number): void {
  if (micros <= 0) return;
  const until = performance.now() + micros / 1000;
  if (until > pollUntil) pollUntil = until;
  if (!polling) {
    polling = true;
    setImmediate(poll);
  }
}

/** Whether the process is polling now (for tests). */
export function isPolling(): boolean {
  return polling;
}
