import type { ActionContribution, Contributes, StatusContribution } from '@outboard/manifest';
import { ownsContributionId, publishableEventTypes } from '@outboard/manifest';
import { sanitizeText } from './sanitize-text.js';
import { StatusPacer } from './status-pacer.js';

/** An action a ready peer offers. */
export interface ActionEntry {
  extension: string;
  id: string;
  title: string;
  targets: readonly ('global' | 'project')[];
  argsSchema: unknown;
}

/** Severity of a status item or notification. */
export type Severity = 'info' | 'ok' | 'warning' | 'error';

/** The latest value of a status item in one scope (reference design 002: text, severity, tooltip, action). */
export interface StatusValue {
  text: string;
  severity: Severity;
  /** Longer text shown on hover or below the item. */
  tooltip?: string;
  /** An action of the same extension that the item runs when chosen. */
  actionId?: string;
  updatedAt: string;
}

/** A status item and its latest value. */
export interface StatusEntry {
  extension: string;
  id: string;
  title: string;
  /** Latest values, one per scope ('' for global, else the project id). */
  values: Record<string, StatusValue>;
}

/** What changed; status changes reach listeners paced (at most `statusPerSecond` per extension). */
export type ContributionChange = { kind: 'added' | 'removed'; extension: string } | { kind: 'status'; extension: string; id: string; projectId: string | undefined };

/** Options of {@link ContributionRegistry}. */
export interface ContributionRegistryOptions {
  /** Longest status text kept, in characters. Default 200. */
  maxStatusText?: number;
  /** Longest status tooltip kept, in characters. Default 1000. */
  maxStatusTooltip?: number;
  /** Status changes of one extension announced per second, at most (the latest value of each item wins). Default 10. */
  statusPerSecond?: number;
}

const SEVERITIES: readonly Severity[] = ['info', 'ok', 'warning', 'error'];

/** What a peer announces in its `initialize` answer: contribution ids (or objects with an `id`). */
export interface AnnouncedContributions {
  actions?: readonly unknown[] | undefined;
  status?: readonly unknown[] | undefined;
  providers?: readonly unknown[] | undefined;
  views?: readonly unknown[] | undefined;
  rpc?: readonly unknown[] | undefined;
  events?: readonly unknown[] | undefined;
}

/** Announced ids `extension` does not own (`<name>.` prefix, outside the host namespaces), one phrase each. */
function unowned(extension: string, announced: AnnouncedContributions): string[] {
  const kinds = [['action', announced.actions], ['status item', announced.status], ['provider', announced.providers], ['view', announced.views], ['RPC method', announced.rpc], ['event type', announced.events]] as const;
  return kinds.flatMap(([kind, list]) => (list ?? []).map(idOf).filter((id) => !ownsContributionId(extension, id)).map((id) => `${kind} ${id} (outside its namespace "${extension}.")`));
}

function idOf(x: unknown): string {
  if (typeof x === 'string') return x;
  if (typeof x === 'object' && x !== null && typeof (x as { id?: unknown }).id === 'string') return (x as { id: string }).id;
  return JSON.stringify(x);
}

/** One extension's contributions; `visible` once its peer is ready (before, only the peer itself uses them). */
interface ExtensionContributions {
  actions: ActionEntry[];
  status: Map<string, StatusEntry>;
  rpc: Set<string>;
  events: Set<string>;
  visible: boolean;
}

/**
 * What peers contribute, keyed by extension and contribution id: actions, status items, RPC methods
 * (namespaced by the extension's name) and event types. Only what the approved manifest declares is
 * accepted; an extension's contributions are added and removed as one. They are staged when the peer's
 * `initialize` answer is accepted (its own calls, such as `status/set` during `activate`, may use them) and
 * revealed to consumers only once it is ready (DESIGN §8); removed on stop/crash/disable.
 */
export class ContributionRegistry {
  private readonly byExtension = new Map<string, ExtensionContributions>();
  private readonly listeners = new Set<(change: ContributionChange) => void>();
  private readonly pacer: StatusPacer;
  private readonly maxStatusText: number;
  private readonly maxStatusTooltip: number;

  constructor(options: ContributionRegistryOptions = {}) {
    this.maxStatusText = options.maxStatusText ?? 200;
    this.maxStatusTooltip = options.maxStatusTooltip ?? 1000;
    this.pacer = new StatusPacer({ perSecond: options.statusPerSecond ?? 10, announce: (extension, item) => this.emit({ kind: 'status', extension, ...item }) });
  }

  /**
   * Makes `extension`'s contributions visible: those the peer announced, each of which must be declared in the
   * manifest (`declared`). Returns the announced ids the manifest does not declare (nothing is added then).
   * The same as {@link stage} then {@link reveal}.
   */
  add(extension: string, declared: Contributes | undefined, announced: AnnouncedContributions): string[] {
    const refused = this.stage(extension, declared, announced);
    if (refused.length === 0) this.reveal(extension);
    return refused;
  }

  /**
   * Records `extension`'s announced contributions without showing them to consumers: the peer's own calls
   * (a `status/set` of a declared item) work from now on, while actions, RPC methods and status items stay
   * out of every listing until {@link reveal}. Replaces what the extension had. Returns the announced ids
   * the manifest does not declare or the extension does not own (nothing is staged then).
   */
  stage(extension: string, declared: Contributes | undefined, announced: AnnouncedContributions): string[] {
    const undeclared = [...this.undeclared(declared, announced), ...unowned(extension, announced)];
    if (undeclared.length > 0) return undeclared;
    const declaredActions = new Map((declared?.actions ?? []).map((a: ActionContribution) => [a.id, a]));
    const declaredStatus = new Map((declared?.status ?? []).map((s: StatusContribution) => [s.id, s]));
    this.remove(extension);
    const actions = (announced.actions ?? []).map(idOf).map((id) => {
      const a = declaredActions.get(id) as ActionContribution;
      return { extension, id, title: a.title, targets: a.targets ?? ['global'], argsSchema: a.argsSchema ?? null };
    });
    const status = new Map<string, StatusEntry>();
    for (const id of (announced.status ?? []).map(idOf)) status.set(id, { extension, id, title: (declaredStatus.get(id) as StatusContribution).title, values: {} });
    this.byExtension.set(extension, { actions, status, rpc: new Set((announced.rpc ?? []).map(idOf)), events: new Set((announced.events ?? []).map(idOf)), visible: false });
    return [];
  }

  /**
   * Shows `extension`'s staged contributions to consumers (its peer is ready): listeners hear `added`, then
   * one `status` change per value the peer set while it was activating. False when nothing was staged.
   */
  reveal(extension: string): boolean {
    const entry = this.byExtension.get(extension);
    if (!entry) return false;
    if (entry.visible) return true;
    entry.visible = true;
    this.emit({ kind: 'added', extension });
    for (const item of entry.status.values()) {
      for (const scope of Object.keys(item.values)) this.emit({ kind: 'status', extension, id: item.id, projectId: scope === '' ? undefined : scope });
    }
    return true;
  }

  /** What a peer announces that its manifest does not declare, one phrase each (`action x`); empty when all is declared. */
  undeclared(declared: Contributes | undefined, announced: AnnouncedContributions): string[] {
    const ids = (list: readonly unknown[] | undefined) => (list ?? []).map(idOf);
    const known = (list: readonly (string | { id: string })[] | undefined) => new Set((list ?? []).map((x) => (typeof x === 'string' ? x : x.id)));
    const actions = known(declared?.actions);
    const status = known(declared?.status);
    const rpc = known(declared?.rpc);
    const events = known(publishableEventTypes({ contributes: declared }));
    const providers = known(declared?.providers);
    const views = known(declared?.views);
    return [
      ...ids(announced.actions).filter((id) => !actions.has(id)).map((id) => `action ${id}`),
      ...ids(announced.status).filter((id) => !status.has(id)).map((id) => `status item ${id}`),
      ...ids(announced.providers).filter((id) => !providers.has(id)).map((id) => `provider ${id}`),
      ...ids(announced.views).filter((id) => !views.has(id)).map((id) => `view ${id}`),
      ...ids(announced.rpc).filter((id) => !rpc.has(id)).map((id) => `RPC method ${id}`),
      ...ids(announced.events).filter((id) => !events.has(id)).map((id) => `event type ${id}`),
    ];
  }

  /**
   * Removes every contribution of `extension` at once; false when it had none. Its status items are cleared:
   * each value it had is announced once more, now gone (listeners then find no value), before `removed`.
   */
  remove(extension: string): boolean {
    const entry = this.byExtension.get(extension);
    this.pacer.drop(extension);
    if (!entry) return false;
    this.byExtension.delete(extension);
    // Consumers never heard of staged contributions: nothing to take back from them.
    if (entry.visible) {
      for (const item of entry.status.values()) {
        for (const scope of Object.keys(item.values)) this.emit({ kind: 'status', extension, id: item.id, projectId: scope === '' ? undefined : scope });
      }
      this.emit({ kind: 'removed', extension });
    }
    return true;
  }

  /** Every visible action, sorted by id. */
  actions(): ActionEntry[] {
    return this.visible().flatMap((c) => c.actions).sort((a, b) => a.id.localeCompare(b.id));
  }

  /** The extension whose peer offers action `id`. */
  findAction(id: string): ActionEntry | undefined {
    return this.actions().find((a) => a.id === id);
  }

  /** The extension serving RPC method `method`, if a ready peer does. */
  findRpc(method: string): string | undefined {
    for (const [extension, c] of this.byExtension) if (c.visible && c.rpc.has(method)) return extension;
    return undefined;
  }

  /** Every visible status item. */
  statusItems(): StatusEntry[] {
    return this.visible().flatMap((c) => [...c.status.values()]);
  }

  /**
   * Sets a status item's value, staged or visible: text and tooltip bounded, control characters shown as
   * visible escapes; an `actionId` must be an action the same extension offers. Listeners hear of a visible
   * item paced (see {@link StatusPacer}), with the latest value; of a staged one when it is revealed. Throws an
   * Error for an item the peer did not announce, a TypeError for an action it does not offer.
   */
  setStatus(extension: string, id: string, value: { text: unknown; severity?: unknown; tooltip?: unknown; actionId?: unknown; projectId?: string | undefined }): void {
    const entry = this.byExtension.get(extension);
    const item = entry?.status.get(id);
    if (!item) throw new Error(`status item "${id}" is not declared by ${extension}: declare it in contributes.status and announce it in the peer's initialize answer (or the peer is not running)`);
    if (value.actionId !== undefined && !(typeof value.actionId === 'string' && entry?.actions.some((a) => a.id === value.actionId))) {
      throw new TypeError(`status item "${id}": actionId ${JSON.stringify(value.actionId)} is not an action ${extension} offers (contributes.actions)`);
    }
    const severity = SEVERITIES.includes(value.severity as Severity) ? (value.severity as Severity) : 'info';
    const next: StatusValue = { text: sanitizeText(value.text, this.maxStatusText), severity, updatedAt: new Date().toISOString() };
    if (value.tooltip !== undefined && value.tooltip !== null && value.tooltip !== '') next.tooltip = sanitizeText(value.tooltip, this.maxStatusTooltip, true);
    if (typeof value.actionId === 'string') next.actionId = value.actionId;
    item.values[value.projectId ?? ''] = next;
    if (!entry?.visible) return;
    this.pacer.changed(extension, { id, projectId: value.projectId });
  }

  /** Stops pacing (pending status announcements are dropped). Idempotent. */
  dispose(): void {
    this.pacer.dispose();
  }

  /** Listens to changes; returns a function that stops listening. */
  onChange(listener: (change: ContributionChange) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private visible(): ExtensionContributions[] {
    return [...this.byExtension.values()].filter((c) => c.visible);
  }

  private emit(change: ContributionChange): void {
    for (const l of [...this.listeners]) {
      try {
        l(change);
      } catch {
        // a listener's failure is its own
      }
    }
  }
}
