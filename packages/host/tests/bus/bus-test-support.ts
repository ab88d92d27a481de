// Shared by the bus tests: bounded waits for asynchronous deliveries. Not a test file itself.

/** The host tests' one polling helper (what, check, timeout). */
export { waitUntil } from '../wait-until.js';

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
