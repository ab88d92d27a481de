/**
 * Spreads work over event-loop turns: at most `perTurn` calls of {@link TurnBudget.take} pass in one turn,
 * the others wait for a later one. A peer sending thousands of requests at once then costs the host a
 * bounded slice of each turn, and timers, other peers and the host's own work run in between.
 */
export class TurnBudget {
  private used = 0;
  private resetScheduled = false;

  /** @param perTurn calls allowed per turn (at least 1). */
  constructor(private readonly perTurn: number) {
    if (!(Number.isInteger(perTurn) && perTurn >= 1)) throw new TypeError(`TurnBudget perTurn must be an integer >= 1, got ${perTurn}`);
  }

  /** `undefined` while this turn's budget lasts (go ahead now), else a promise that resolves in a later turn. */
  take(): Promise<void> | undefined {
    if (this.used < this.perTurn) {
      this.use();
      return undefined;
    }
    return this.later();
  }

  private async later(): Promise<void> {
    do await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.used >= this.perTurn);
    this.use();
  }

  private use(): void {
    this.used++;
    if (this.resetScheduled) return;
    this.resetScheduled = true;
    setImmediate(() => {
      this.used = 0;
      this.resetScheduled = false;
    });
  }
}
