// Shared by the bus tests: bounded waits for asynchronous deliveries. Not a test file itself.

/** Resolves once `condition()` is true; rejects naming `what` after `timeoutMs`. Polls every macrotask turn. */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 2000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise<void>((resolve) => setTimeout(resolve, 1));
  }
}

/** Lets `turns` macrotask turns pass, so any delivery that was going to happen has happened. */
export async function settle(turns = 20): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A promise with its resolver exposed. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
