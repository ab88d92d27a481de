import type { Disposable } from './disposable.js';

/** Subscribes a listener; the returned handle unsubscribes it (twice is harmless). */
export type Event<T> = (listener: (event: T) => void) => Disposable;

/**
 * A synchronous event source. A listener that throws does not stop the others: the error goes to
 * `onListenerError` (the owner decides how to report it; nothing is printed).
 */
export class Emitter<T> {
  private listeners: Array<(event: T) => void> = [];
  private readonly onListenerError: ((error: unknown) => void) | undefined;

  /** @param onListenerError receives what a listener threw; when absent such errors are dropped. */
  constructor(onListenerError?: (error: unknown) => void) {
    this.onListenerError = onListenerError;
  }

  /** Adds a listener; dispose the result to remove it. */
  readonly event: Event<T> = (listener) => {
    this.listeners = [...this.listeners, listener];
    let removed = false;
    return {
      dispose: () => {
        if (removed) return;
        removed = true;
        this.listeners = this.listeners.filter((l) => l !== listener);
      },
    };
  };

  /** True when at least one listener is registered. */
  get hasListeners(): boolean {
    return this.listeners.length > 0;
  }

  /** Calls every listener registered at the time of the call, in order of registration. */
  fire(value: T): void {
    // The array is replaced, never mutated, so a listener that unsubscribes does not skip another.
    for (const listener of this.listeners) {
      try {
        listener(value);
      } catch (error) {
        this.onListenerError?.(error);
      }
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.listeners = [];
  }
}
