import type { Disposable } from '../disposable.js';
import { ConnectionError } from '../errors/connection-error.js';
import { BuiltInMethods } from '../messages.js';

/** `$/` methods the connection handles itself: no handler may be registered for them. */
const RESERVED = new Set<string>([BuiltInMethods.cancelRequest, BuiltInMethods.progress, BuiltInMethods.ping]);

/** @internal One handler per method, registered and disposed by method name. */
export class HandlerTable<H> {
  private readonly handlers = new Map<string, H>();

  /** The handler of `method`, if one is registered. */
  get(method: string): H | undefined {
    return this.handlers.get(method);
  }

  /**
   * Registers `handler` for `method`; disposing the result removes it (twice is harmless).
   * @throws TypeError for a bad method or handler; ConnectionError `reserved_method` or `duplicate_handler`.
   */
  register(method: string, handler: H): Disposable {
    if (typeof method !== 'string' || method.length === 0) throw new TypeError(`method must be a non-empty string, got ${String(method)}`);
    if (typeof handler !== 'function') throw new TypeError(`the handler of "${method}" must be a function, got ${typeof handler}`);
    if (RESERVED.has(method)) throw new ConnectionError('reserved_method', `"${method}" is handled by the connection itself; do not register a handler for it`);
    const table = this.handlers;
    if (table.has(method)) throw new ConnectionError('duplicate_handler', `a handler for "${method}" is already registered; dispose it before registering another`);
    table.set(method, handler);
    let done = false;
    return {
      dispose: () => {
        if (done) return;
        done = true;
        if (table.get(method) === handler) table.delete(method);
      },
    };
  }
}
