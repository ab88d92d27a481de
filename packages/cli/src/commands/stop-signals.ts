import { constants } from 'node:os';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** SIGINT, SIGTERM and SIGHUP abort the running action (instead of killing the CLI); the first one decides the exit code. */
export class StopSignals {
  private readonly controller = new AbortController();
  private first: (typeof STOP_SIGNALS)[number] | undefined;
  private readonly offs = STOP_SIGNALS.map((name) => {
    const handler = () => {
      this.first ??= name;
      this.controller.abort();
    };
    process.on(name, handler);
    return () => process.off(name, handler);
  });

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether a stop signal arrived. */
  get received(): boolean {
    return this.first !== undefined;
  }

  /** 128 + the number of the signal that stopped the action (SIGINT's when it was cancelled otherwise). */
  get exitCode(): number {
    return 128 + constants.signals[this.first ?? 'SIGINT'];
  }

  dispose(): void {
    for (const off of this.offs.splice(0)) off();
  }
}
