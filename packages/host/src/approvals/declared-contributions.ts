import type { ExtensionManifest } from '@outboard/manifest';
import { DEFAULT_ACTIVATION } from '@outboard/manifest';

/** One group of what a manifest declares, as the consent prompt and `extensions info` show it. */
export interface ContributionGroup {
  /** What the group is: `Commands`, `Actions`, `RPC methods`... */
  label: string;
  /** One line per contribution, as declared: untrusted text, escaped by whoever prints it. */
  entries: string[];
}

/** MCP's tool annotations an action may carry (DESIGN §11), in the words shown for each. */
const AGENT_HINTS: ReadonlyArray<readonly [string, string]> = [
  ['readOnlyHint', 'read-only'],
  ['destructiveHint', 'destructive'],
  ['idempotentHint', 'idempotent'],
  ['openWorldHint', 'open-world'],
];

/**
 * Every contribution point the manifest declares (DESIGN §6: the prompt shows exactly these, not only
 * capabilities): commands, actions with their agent hints, RPC methods, events, status items, views,
 * providers, listeners, automation templates, hub routes, the sidecar and the peer with its activation.
 * Empty groups are left out. Tolerates any shape below `contributes` (points this host does not check yet
 * are still shown). `activation` is the user's override (`extensions.<name>.activation`), when set.
 */
export function declaredContributions(manifest: ExtensionManifest | undefined, hostId: string, activation?: string): ContributionGroup[] {
  if (!manifest) return [];
  const c = record(manifest.contributes);
  const groups: ContributionGroup[] = [
    { label: 'Commands', entries: list(manifest.commands).map((x) => `${hostId} ${text(record(x).name)} (${runnable(x)})`) },
    { label: 'Actions', entries: list(c.actions).map(describeAction) },
    { label: 'RPC methods', entries: list(c.rpc).map(idOf) },
    { label: 'Events', entries: list(c.events).map(idOf) },
    { label: 'Status items', entries: list(c.status).map(titled) },
    { label: 'Views', entries: list(c.views).map(titled) },
    { label: 'Providers', entries: list(c.providers).map((p) => `${titled(p)}${typeof record(p).kind === 'string' ? ` (${text(record(p).kind)})` : ''}`) },
    { label: 'Listeners', entries: list(c.listeners).map((l) => titled({ id: record(l).type ?? record(l).id, title: record(l).label ?? record(l).title })) },
    { label: 'Automation templates', entries: list(c.automationTemplates).map(titled) },
    { label: 'Hub routes', entries: list(manifest.permissions?.hub).map(text) },
    { label: 'Sidecar', entries: manifest.sidecar ? [runnable(manifest.sidecar), `served at /x/${manifest.name}/`] : [] },
    { label: 'Peer', entries: manifest.peer ? [runnable(manifest.peer), describeActivation(manifest.peer.activation, activation)] : [] },
  ];
  return groups.filter((g) => g.entries.length > 0);
}

function describeAction(a: unknown): string {
  const annotations = record(record(a).annotations);
  const hints = AGENT_HINTS.filter(([key]) => annotations[key] === true).map(([, words]) => words);
  return `${titled(a)}${hints.length ? ` [agents: ${hints.join(', ')}]` : ''}`;
}

function describeActivation(declared: unknown, override: string | undefined): string {
  const events = Array.isArray(declared) && declared.length > 0 ? declared.map(text) : [...DEFAULT_ACTIVATION];
  if (override === 'lazy' && events.includes('onStartup')) return `activation: ${events.join(', ')} (onStartup overridden: lazy, set by the user)`;
  return `activation: ${events.join(', ')}`;
}

function runnable(r: unknown): string {
  const o = record(r);
  return typeof o.bin === 'string' ? `node ${o.bin}` : list(o.exec).map(text).join(' ');
}

/** `id — title`, or the id alone. */
function titled(x: unknown): string {
  const o = record(x);
  const title = o.title ?? o.label;
  return typeof title === 'string' && title !== '' ? `${idOf(o.id ?? x)} — ${title}` : idOf(o.id ?? x);
}

function idOf(x: unknown): string {
  return typeof x === 'string' ? x : typeof record(x).id === 'string' ? (record(x).id as string) : text(x);
}

function text(x: unknown): string {
  return typeof x === 'string' ? x : (JSON.stringify(x) ?? String(x));
}

function list(x: unknown): unknown[] {
  return Array.isArray(x) ? x : [];
}

function record(x: unknown): Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : {};
}
