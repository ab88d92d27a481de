/**
 * A fixed-capacity FIFO over a circular array: `push` past the capacity evicts the oldest item and says
 * so. O(1) push, shift and indexed read; memory never grows past `capacity` slots.
 */
export class RingBuffer<T> {
  /** The most items held at once. */
  readonly capacity: number;
  readonly #slots: (T | undefined)[];
  #head = 0;
  #length = 0;

  /** @param capacity a positive integer; anything else throws a `TypeError`. */
  constructor(capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) {
      throw new TypeError(`capacity must be a positive integer, got ${String(capacity)}`);
    }
    this.capacity = capacity;
    this.#slots = new Array<T | undefined>(capacity);
  }

  /** How many items are held. */
  get length(): number {
    return this.#length;
  }

  /** Appends `item`; when full, first evicts the oldest item. Returns true when an item was evicted. */
  push(item: T): boolean {
    const evicted = this.#length === this.capacity;
    if (evicted) this.shift();
    this.#slots[(this.#head + this.#length) % this.capacity] = item;
    this.#length++;
    return evicted;
  }

  /** Removes and returns the oldest item, or `undefined` when empty. */
  shift(): T | undefined {
    if (this.#length === 0) return undefined;
    const item = this.#slots[this.#head];
    this.#slots[this.#head] = undefined; // let it be collected
    this.#head = (this.#head + 1) % this.capacity;
    this.#length--;
    return item;
  }

  /** The item at `index` (0 = oldest), or `undefined` outside `[0, length)`. */
  at(index: number): T | undefined {
    if (index < 0 || index >= this.#length) return undefined;
    return this.#slots[(this.#head + index) % this.capacity];
  }

  /** Drops every item. */
  clear(): void {
    this.#slots.fill(undefined);
    this.#head = 0;
    this.#length = 0;
  }
}
