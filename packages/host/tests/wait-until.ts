// The one polling helper of the host tests. Not a test file itself.

/**
 * Polls `check` (every `intervalMs`, default 20) until it returns a truthy value, which it resolves with;
 * fails naming `what` after `timeoutMs` (default 5000). Argument order: what, check, timeout.
 */
export async function waitUntil<T>(what: string, check: () => T | Promise<T>, timeoutMs = 5000, intervalMs = 20): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
