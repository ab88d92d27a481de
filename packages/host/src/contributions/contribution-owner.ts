import type { ExtensionManifest } from '@outboard/manifest';
import { contributionIdOwnershipProblem } from '@outboard/manifest';
import { ResponseError } from '@outboard/protocol';

/** What can be routed to one extension's peer: an action or a provider (by id), or an RPC method. */
export type RoutedContribution = 'action' | 'rpc' | 'provider' | 'view';

/** The part of an extension record routing needs. */
export interface ContributingExtension {
  name?: string | undefined;
  dir: string;
  manifest?: ExtensionManifest | undefined;
}

const declares = (ext: ContributingExtension, kind: RoutedContribution, id: string): boolean => {
  const c = ext.manifest?.contributes;
  if (kind === 'action') return (c?.actions ?? []).some((a) => a.id === id);
  if (kind === 'provider') return (c?.providers ?? []).some((p) => p.id === id);
  if (kind === 'view') return (c?.views ?? []).some((v) => v.id === id);
  return (c?.rpc ?? []).includes(id);
};

const WHAT: Record<RoutedContribution, string> = { action: 'action', rpc: 'RPC method', provider: 'provider', view: 'view' };
const NONE_HINT: Record<RoutedContribution, (hostId: string) => string> = {
  action: (hostId) => `; \`${hostId} actions list\` shows those that do`,
  rpc: () => '',
  provider: (hostId) => `; \`${hostId} extensions info <name>\` lists an extension's providers`,
  view: (hostId) => `; \`${hostId} views list\` shows those on offer`,
};

/**
 * The one enabled extension an action or RPC method is routed to. Refuses, never picks: `not_found` when none
 * declares it; `unavailable` with `data.owners` when several do (a collision, both named) or when the one that
 * declares it does not own the id (`<name>.` prefix, outside the host namespaces). `extensions` are the enabled
 * extensions with a peer; `hostId` names the fix.
 */
export function routeContribution<T extends ContributingExtension>(extensions: readonly T[], kind: RoutedContribution, id: string, hostId: string): T {
  const what = `${WHAT[kind]} "${id}"`;
  const claimants = extensions.filter((e) => e.name !== undefined && declares(e, kind, id));
  if (claimants.length === 0) {
    throw new ResponseError('not_found', `no enabled extension ${kind === 'rpc' ? 'serves' : 'offers'} ${what}${NONE_HINT[kind](hostId)}`);
  }
  const names = claimants.map((e) => e.name as string);
  if (claimants.length > 1) {
    throw new ResponseError(
      'unavailable',
      `${what} is declared by ${names.length} extensions (${claimants.map((e) => `${e.name} in ${e.dir}`).join(', ')}), so it runs on none; disable all but one (\`${hostId} extensions disable <name>\`) and see \`${hostId} extensions doctor\``,
      { owners: names },
    );
  }
  const [owner] = claimants as [T];
  const problem = contributionIdOwnershipProblem(owner.name as string, id);
  if (problem !== undefined) {
    throw new ResponseError('unavailable', `extension ${owner.name} declares ${what}, which it does not own: ${problem}; see \`${hostId} extensions doctor\``, { owners: names });
  }
  return owner;
}

/** Contribution kinds {@link contributionCollisions} reports. */
export type ContributionKind = 'action' | 'status' | 'provider' | 'view' | 'rpc' | 'event';

/** One id several enabled extensions declare, or one its declarer does not own. */
export interface ContributionCollision {
  kind: ContributionKind;
  id: string;
  /** Every extension that declares it, sorted. */
  declaredBy: string[];
  /** Why it cannot run, one sentence naming the extensions concerned. */
  problem: string;
}

/**
 * Every contribution id among `extensions` (the enabled ones) that routing refuses: declared by more than one
 * extension, or declared by one that does not own it. For `doctor`, so a collision is shown, never won.
 */
export function contributionCollisions(extensions: readonly ContributingExtension[]): ContributionCollision[] {
  const declared = new Map<string, { kind: ContributionKind; id: string; names: Set<string> }>();
  for (const ext of extensions) {
    const c = ext.manifest?.contributes;
    if (ext.name === undefined || c === undefined) continue;
    const lists: Array<[ContributionKind, readonly string[]]> = [
      ['action', (c.actions ?? []).map((a) => a.id)],
      ['status', (c.status ?? []).map((s) => s.id)],
      ['provider', (c.providers ?? []).map((p) => p.id)],
      ['view', (c.views ?? []).map((v) => v.id)],
      ['rpc', c.rpc ?? []],
      ['event', c.events ?? []],
    ];
    for (const [kind, ids] of lists) {
      for (const id of ids) {
        const key = `${kind}\u0000${id}`;
        const entry = declared.get(key) ?? { kind, id, names: new Set<string>() };
        entry.names.add(ext.name);
        declared.set(key, entry);
      }
    }
  }
  const collisions: ContributionCollision[] = [];
  for (const { kind, id, names } of declared.values()) {
    const declaredBy = [...names].sort();
    if (declaredBy.length > 1) {
      collisions.push({ kind, id, declaredBy, problem: `${kind} ${JSON.stringify(id)} is declared by ${declaredBy.join(' and ')}; it runs on none of them` });
      continue;
    }
    const problem = contributionIdOwnershipProblem(declaredBy[0] as string, id);
    if (problem !== undefined) collisions.push({ kind, id, declaredBy, problem: `${declaredBy[0]} declares ${kind} ${JSON.stringify(id)}, which it does not own: ${problem}` });
  }
  return collisions.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.kind < b.kind ? -1 : 1));
}
