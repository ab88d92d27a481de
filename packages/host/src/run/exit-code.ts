import os from 'node:os';

/**
 * The exit code a shell reports for a finished child: its own `code`, or `128 + n` when it died of
 * signal n (numbers from `os.constants.signals`). A signal unknown to this platform, or neither value,
 * gives 1.
 */
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  if (signal !== null) {
    const n = (os.constants.signals as Partial<Record<NodeJS.Signals, number>>)[signal];
    if (n !== undefined) return 128 + n;
  }
  return 1;
}
