import { effectiveActivation, matchesActivation } from './activation.js';
import type { PeerExtension, PeerSupervisor } from './peer-supervisor.js';

/** Distinct event types remembered while an activation check runs (more are only checked next time they occur). */
const MAX_PENDING_EVENT_TYPES = 1024;

/** What {@link PeerActivation} starts peers through. */
export interface PeerActivationDeps {
  peerExtensions(): Promise<PeerExtension[]>;
  supervisor(name: string): Promise<PeerSupervisor | undefined>;
  /** The user's activation override of an extension (`extensions.<name>.activation`). Default: none. */
  activationOverride?(name: string): string | undefined;
}

/**
 * Starts peers on their activation events (DESIGN §8): `onStartup`, `onEvent:<glob>` for events on the
 * bus, `onProject:<glob>` for a project's root files, as the user's override leaves them (`lazy`: no
 * `onStartup`). (`onAction` and `onRpc` start a peer on its first request.) A start that fails is the supervisor's to report; nothing here throws.
 */
export class PeerActivation {
  /** Event types waiting for an `onEvent` check. */
  private readonly pendingEventTypes = new Set<string>();
  private eventCheck: Promise<void> | undefined;
  /** Checks under way (event checks, project checks), for {@link settled}. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly deps: PeerActivationDeps) {}

  /**
   * Resolves once no activation check is under way (the starts they asked for included): after it, a peer
   * that was not started by the events and projects seen so far will not be started by them.
   */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Tracks `work` until it settles (see {@link settled}). */
  track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  /** Starts every peer that asks for `onStartup`. */
  startOnStartup(): Promise<void> {
    return this.startMatching((a) => a === 'onStartup');
  }

  /** Starts the peers whose `onProject:<glob>` matches a file name present in the project root. */
  forProject(fileNames: readonly string[]): Promise<void> {
    return this.startMatching((a) => fileNames.some((f) => matchesActivation(a, 'onProject', f)));
  }

  /**
   * Starts the peers whose `onEvent:<glob>` matches `type`. Checks are coalesced: one runs at a time, for
   * every type seen meanwhile, so a burst of events costs one look at the extensions, not one per event.
   */
  onEvent(type: string): void {
    if (this.pendingEventTypes.size < MAX_PENDING_EVENT_TYPES) this.pendingEventTypes.add(type);
    if (this.eventCheck) return;
    this.eventCheck = this.track((async () => {
      while (this.pendingEventTypes.size > 0) {
        const types = [...this.pendingEventTypes];
        this.pendingEventTypes.clear();
        await this.startMatching((activation) => types.some((t) => matchesActivation(activation, 'onEvent', t)));
      }
    })()
      .catch(() => undefined)
      .finally(() => {
        this.eventCheck = undefined;
      }));
  }

  private startMatching(match: (activation: string) => boolean): Promise<void> {
    return this.track(this.startEach(match));
  }

  private async startEach(match: (activation: string) => boolean): Promise<void> {
    const exts = await this.deps.peerExtensions();
    const starts = exts
      .filter((e) => effectiveActivation(e.manifest.peer?.activation, this.deps.activationOverride?.(e.name)).some(match))
      .map(async (e) => {
        const s = await this.deps.supervisor(e.name);
        if (s && s.state === 'stopped') await s.start().catch(() => undefined);
      });
    await Promise.all(starts);
  }
}
