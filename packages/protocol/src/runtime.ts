/**
 * The few runtime services the core needs beyond the web-standard globals (setTimeout, queueMicrotask,
 * TextEncoder, AbortController), used where present: the core compiles without Node's types
 * (`tsconfig.core.json`) and runs on any modern JavaScript runtime, while Node gets its better tools.
 */

/** A timer handle of the runtime: Node's `Timeout`, a number elsewhere. */
export type TimerHandle = ReturnType<typeof setTimeout>;

interface Refable {
  ref?(): unknown;
  unref?(): unknown;
}

/** Lets the process exit while only this timer is pending (Node); a no-op where timers have no such notion. */
export function unrefTimer(timer: TimerHandle | undefined): void {
  (timer as unknown as Refable | undefined)?.unref?.();
}

/** Undoes {@link unrefTimer}. */
export function refTimer(timer: TimerHandle | undefined): void {
  (timer as unknown as Refable | undefined)?.ref?.();
}

const nodeSetImmediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;

/**
 * Runs `callback` on the next event-loop turn, after pending I/O (Node's `setImmediate`; elsewhere a
 * zero-delay timer). Used to coalesce work per turn rather than per microtask.
 */
export const nextTurn: (callback: () => void) => void = nodeSetImmediate ? (callback) => void nodeSetImmediate(callback) : (callback) => void setTimeout(callback, 0);
