import { ownsContributionId } from '@outboard/manifest';
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
 * Notifications from peers (reference design 002: severity, message, detail, action ids, expiry): cleaned,
 * truncated, rate-limited per extension so a flooding peer cannot drown the others (what it loses is
 * counted and reported once per burst), kept in a bounded list that outlives the peers that sent them.
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
    // Only the extension's own actions may be offered from its notification.
    const actions = payload.actions?.filter((id) => ownsContributionId(extension, id));
    const { actions: _asked, ...rest } = payload;
    const kept: NotificationPayload = actions?.length ? { ...rest, actions } : rest;
    return { shown: this.record(extension, kept, now, this.expiryOf(raw as Record<string, unknown>, now)) };
  }

  /**
   * Raises a notification on the host's own account about `extension` (a failed action): not counted against
   * the extension's rate, since the peer did not send it.
   */
  raise(extension: string, raw: NotificationPayload): ShownNotification | undefined {
    const payload = normalizeNotification(raw);
    return payload ? this.record(extension, payload, Date.now()) : undefined;
  }

  /** `expiresAt` (ISO time or epoch ms) or `expiresInMs`, capped at `maxExpiryMs` from now; undefined: no expiry. */
  private expiryOf(raw: Record<string, unknown>, now: number): string | undefined {
    const at = raw.expiresAt;
    const ms = typeof at === 'string' ? Date.parse(at) - now : typeof at === 'number' ? at - now : typeof raw.expiresInMs === 'number' ? raw.expiresInMs : undefined;
    if (ms === undefined || !Number.isFinite(ms)) return undefined;
    return new Date(now + Math.max(0, Math.min(ms, this.maxExpiryMs))).toISOString();
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
