/** Signals a foreground command's host ignores while the command runs (the terminal sends them to the whole group). */
export const IGNORED_WHILE_FOREGROUND: readonly NodeJS.Signals[] =
  process.platform === 'win32' ? ['SIGINT'] : ['SIGINT', 'SIGQUIT'];

/** Signals sent to the host alone that it forwards to its foreground command. */
export const FORWARDED_TO_FOREGROUND: readonly NodeJS.Signals[] =
  process.platform === 'win32' ? ['SIGTERM'] : ['SIGTERM', 'SIGHUP'];

/** Undoes {@link holdSignalsForForeground}; calling it twice is harmless. */
export interface SignalHold {
  /** Removes the hold's listeners and reinstates the listeners it suspended. */
  dispose(): void;
}

/**
 * While a foreground child runs: suspends the process's existing listeners for the ignored and forwarded
 * signals (so, for example, a host's own Ctrl+C cleanup does not exit under a running command), ignores
 * SIGINT/SIGQUIT (a listener that does nothing prevents Node's default exit), and calls `forward(signal)`
 * on SIGTERM/SIGHUP. `dispose()` removes these listeners and reinstates the suspended ones, after any added
 * meanwhile. Supports one foreground command at a time per process, like a shell's job control.
 */
export function holdSignalsForForeground(forward: (signal: NodeJS.Signals) => void): SignalHold {
  const suspended = new Map<NodeJS.Signals, Array<(...args: unknown[]) => void>>();
  const installed: Array<[NodeJS.Signals, () => void]> = [];
  const ignore = (): void => {};
  for (const signal of [...IGNORED_WHILE_FOREGROUND, ...FORWARDED_TO_FOREGROUND]) {
    const previous = process.listeners(signal) as Array<(...args: unknown[]) => void>;
    // Ours goes in before the old ones come out (and the reverse in dispose): a signal with no listener at
    // all, even for an instant, gets the OS default action and kills the host.
    const listener = IGNORED_WHILE_FOREGROUND.includes(signal) ? ignore : (): void => forward(signal);
    process.on(signal, listener);
    installed.push([signal, listener]);
    suspended.set(signal, previous);
    for (const old of previous) process.removeListener(signal, old);
  }
  let disposed = false;
  return {
    dispose(): void {
      if (disposed) return;
      disposed = true;
      for (const [signal, listener] of installed) {
        for (const previous of suspended.get(signal) ?? []) process.on(signal, previous);
        process.removeListener(signal, listener);
      }
    },
  };
}
