/**
 * How far a bus subscriber has read: the sequence number of the last event it saw, and a wait for a later
 * one. Lets the peer fleet answer "have the events published so far been handled?" without polling.
 */
export class SeenEvents {
  private seq = 0;
  private readonly waiters: Array<() => void> = [];

  /** Records that the event numbered `seq` was seen, and wakes those waiting. */
  saw(seq: number): void {
    this.seq = seq;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves once an event numbered `target` or later was seen, or after `timeoutMs` (a bus that dropped it never delivers it). */
  async reach(target: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.seq < target && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        timer.unref();
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}
