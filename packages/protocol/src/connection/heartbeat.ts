import { unrefTimer, type TimerHandle } from '../runtime.js';
import type { Disposable } from '../disposable.js';
import { ResponseError } from '../errors/response-error.js';
import { BuiltInMethods } from '../messages.js';
import { checkInteger, describe } from './connection-options.js';
import type { Connection } from './connection.js';

/** A ping went unanswered within its deadline. */
export interface UnresponsiveEvent {
  /** Consecutive pings without an answer. */
  readonly missed: number;
  /** Milliseconds since the last answered ping (or since the heartbeat started). */
  readonly silentForMs: number;
}

/** A ping was answered again after one or more were missed. */
export interface RecoveredEvent {
  /** Round trip of the ping that was answered, in milliseconds. */
  readonly latencyMs: number;
  /** How many had been missed before it. */
  readonly missed: number;
}

/** Options of {@link startHeartbeat}. */
export interface HeartbeatOptions {
  /** Time between the answer to one ping and the next ping, in milliseconds. Default 15000. */
  readonly intervalMs?: number;
  /** Deadline of each ping, in milliseconds. Default 5000. */
  readonly timeoutMs?: number;
  /** Called each time a ping misses its deadline: the peer is alive (its pipe is open) but stuck. */
  readonly onUnresponsive?: (event: UnresponsiveEvent) => void;
  /** Called when a ping is answered after misses. */
  readonly onRecovered?: (event: RecoveredEvent) => void;
}

/**
 * Pings the peer with `$/ping` (answered by every connection of this package, ahead of its request queue)
 * and reports when it stops answering within `timeoutMs`. It only reports: deciding to restart or kill
 * the peer is the caller's business. Stops when disposed or when the connection closes. Timers do not
 * keep the process alive.
 */
export function startHeartbeat(connection: Connection, options: HeartbeatOptions = {}): Disposable {
  const intervalMs = checkInteger('HeartbeatOptions', 'intervalMs', options.intervalMs ?? 15000, 1, 'milliseconds');
  const timeoutMs = checkInteger('HeartbeatOptions', 'timeoutMs', options.timeoutMs ?? 5000, 1, 'milliseconds');
  for (const key of ['onUnresponsive', 'onRecovered'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'function') throw new TypeError(`HeartbeatOptions.${key} must be a function, got ${describe(options[key])}`);
  }
  let stopped = false;
  let timer: TimerHandle | undefined;
  let missed = 0;
  let lastAnswerAt = Date.now();
  const controller = new AbortController();

  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(beat, intervalMs);
    unrefTimer(timer);
  };
  const beat = (): void => {
    timer = undefined;
    if (stopped || connection.state !== 'open') return;
    const sentAt = Date.now();
    connection.request(BuiltInMethods.ping, undefined, { timeoutMs, signal: controller.signal }).then(
      () => {
        if (stopped) return;
        if (missed > 0) options.onRecovered?.({ latencyMs: Date.now() - sentAt, missed });
        missed = 0;
        lastAnswerAt = Date.now();
        schedule();
      },
      (error: unknown) => {
        if (stopped) return;
        if (error instanceof ResponseError && error.reason === 'timeout') {
          missed++;
          options.onUnresponsive?.({ missed, silentForMs: Date.now() - lastAnswerAt });
          schedule();
        } else if (error instanceof ResponseError && error.origin === 'peer') schedule();
        // Anything else (closed, unavailable) ends the heartbeat.
      },
    );
  };
  const closeListener = connection.onClose(() => stop());
  function stop(): void {
    if (stopped) return;
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    controller.abort();
    closeListener.dispose();
  }
  schedule();
  return { dispose: stop };
}
