import type { NotificationPayload } from './action-result.js';
import { normalizeNotification } from './action-result.js';

/** A notification as the host keeps it. */
export interface ShownNotification extends NotificationPayload {
  id: number;
  extension: string;
  time: string;
  /** When it stops being shown (ISO time), if it expires. */
  expiresAt?: string;
}

/** Options of {@link NotificationCenter}. */
export interface NotificationCenterOptions {
  /** Notifications one extension may show per second before the rest are dropped (and counted). Default 10. */
  perSecond?: number;
  /** Notifications kept for display. Default 100. */
  keep?: number;
  /** Longest expiry a peer may ask for, in ms. Default 1 hour. */
  maxExpiryMs?: number;
}

/**
 * Notifications from peers: sanitised, truncated, rate-limited per extension so a flooding peer cannot
 * drown the others (what it loses is counted and reported once per burst), kept in a bounded list.
 */
export class NotificationCenter {
  private readonly shown: ShownNotification[] = [];
  private readonly windows = new Map<string, { start: number; count: number; dropped: number }>();
  private readonly listeners = new Set<(n: ShownNotification) => void>();
  private readonly perSecond: number;
  private readonly keep: number;
  private readonly maxExpiryMs: number;
  private nextId = 1;

  constructor(options: NotificationCenterOptions = {}) {
    this.perSecond = options.perSecond ?? 10;
    this.keep = options.keep ?? 100;
    this.maxExpiryMs = options.maxExpiryMs ?? 3_600_000;
  }

  /**
   * Shows a notification from `extension`. Returns it, or a reason it was not shown (`invalid`: no message;
   * `rate_limited`: over the per-second budget).
   */
  show(extension: string, raw: unknown): { shown: ShownNotification } | { refused: 'invalid' | 'rate_limited' } {
    const payload = normalizeNotification(raw);
    if (!payload) return { refused: 'invalid' };
    const now = Date.now();
    let window = this.windows.get(extension);
    if (!window || now - window.start >= 1000) {
      if (window && window.dropped > 0) this.record(extension, { severity: 'warning', message: `${window.dropped} notifications from ${extension} were dropped (more than ${this.perSecond} per second)` }, now);
      window = { start: now, count: 0, dropped: 0 };
      this.windows.set(extension, window);
    }
    if (window.count >= this.perSecond) {
      window.dropped++;
      return { refused: 'rate_limited' };
    }
    window.count++;
    const expiry = (raw as { expiresInMs?: unknown }).expiresInMs;
    const expiresAt = typeof expiry === 'number' && expiry > 0 ? new Date(now + Math.min(expiry, this.maxExpiryMs)).toISOString() : undefined;
    return { shown: this.record(extension, payload, now, expiresAt) };
  }

  /** Notifications still showing (not expired), newest last. */
  current(now = Date.now()): ShownNotification[] {
    return this.shown.filter((n) => !n.expiresAt || Date.parse(n.expiresAt) > now);
  }

  /** Listens to new notifications; returns a handle that stops listening. */
  onShow(listener: (n: ShownNotification) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private record(extension: string, payload: NotificationPayload, now: number, expiresAt?: string): ShownNotification {
    const n: ShownNotification = { ...payload, id: this.nextId++, extension, time: new Date(now).toISOString(), ...(expiresAt ? { expiresAt } : {}) };
    this.shown.push(n);
    if (this.shown.length > this.keep) this.shown.shift();
    for (const l of [...this.listeners]) {
      try {
        l(n);
      } catch {
        // a listener's failure is its own
      }
    }
    return n;
  }
}
