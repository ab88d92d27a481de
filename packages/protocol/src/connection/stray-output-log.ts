/**
 * Lines the peer wrote to its output that are not protocol messages: counted, the last `keep` kept (a
 * ring), so that "what did the peer print" can be shown without holding everything it printed.
 */
export class StrayOutputLog {
  private readonly keep: number;
  private ring: string[] = [];
  private next = 0;
  /** Stray lines seen so far. */
  count = 0;

  /** @param keep how many recent lines to keep (0 keeps none). */
  constructor(keep: number) {
    this.keep = keep;
  }

  /** Records a line; returns true for the first one (the one worth a warning). */
  add(line: string): boolean {
    this.count++;
    if (this.keep > 0) {
      if (this.ring.length < this.keep) this.ring.push(line);
      else {
        this.ring[this.next] = line;
        this.next = (this.next + 1) % this.keep;
      }
    }
    return this.count === 1;
  }

  /** The kept lines, oldest first. */
  recent(): string[] {
    return [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
  }
}
