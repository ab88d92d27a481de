/**
 * Whether the host can answer right now, shared by {@link poll}: a peer's connection sets it; a command or
 * a sidecar has no host connection, so it stays true and a failing read simply keeps the last value.
 */
let reachable = true;
const listeners = new Set<() => void>();

/** True while the host is reachable. */
export function isHostReachable(): boolean {
  return reachable;
}

/** Set by the peer runtime when its connection opens, is activated, or is lost. A return to reachable wakes the polls. */
export function setHostReachable(value: boolean): void {
  const woke = value && !reachable;
  reachable = value;
  if (woke) for (const listener of [...listeners]) listener();
}

/** Called each time the host becomes reachable again. */
export function onHostReachable(listener: () => void): { dispose(): void } {
  listeners.add(listener);
  return { dispose: () => void listeners.delete(listener) };
}
