import type { CliContext } from '../cli-context.js';
import { CODE_NOT_PINNED, describeExtensionConfig, describeExtensionLimits, recentPeerNotes, toInfoEntry } from '@outboard/host';
import { formatTable } from '../terminal/table.js';
import { requireExtension } from './require-extension.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import type { Text } from '../terminal/text.js';
import { colourState } from './extensions-list.js';
import { agentRows, contributionRows } from '../consent/consent-summary.js';

/** `<id> extensions info <name> [--json]`. */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const ext = await requireExtension(ctx, opts.positionals[0] as string);
  const host = ctx.host();
  const info = toInfoEntry(ext, { approval: host.approvals.find(ext), experimental: host.experimentalFlags().flags, peerLog: ext.name && ext.manifest?.peer ? recentPeerNotes(host.home, ext.name) : undefined, config: await describeExtensionConfig(host, ext), hostId: ctx.cmd, activation: ext.name ? host.config.activationOverride(ext.name) : undefined, limits: describeExtensionLimits(host, ext) });
  if (opts.flag('json')) {
    ctx.printJson(info);
    return 0;
  }
  const { bold, dim } = ctx.out;
  const m = ext.manifest;
  const rows: Text[][] = [
    ['Name', info.identity + (info.displayName ? ` (${info.displayName})` : '')],
    ['Package', `${ext.packageName}@${ext.version}`],
    ['State', t`${colourState(ctx.out, ext.state)}${ext.reason ? t` — ${ext.reason}` : ''}`],
  ];
  if (ext.fix) rows.push(['Fix', ext.fix]);
  rows.push(['Source', ext.source], ['Path', ext.dir]);
  rows.push(['Code', info.codePinned ? 'pinned by its approval: an edit of what runs asks for approval again' : `${CODE_NOT_PINNED}: edits of its bin and peer files run at once`]);
  if (ext.realDir !== ext.dir) rows.push(['Real path', ext.realDir]);
  if (info.description) rows.push(['Description', info.description]);
  if (ext.enginesRange) rows.push(['Engines', `${ctx.cmd} ${ext.enginesRange}`]);
  rows.push(...contributionRows(info.contributions));
  if (info.peer?.log) rows.push(['Peer log', info.peer.log]);
  if (info.limits) rows.push(['Limits', describeLimits(info.limits)]);
  const caps = m?.capabilities;
  if (caps?.required?.length || caps?.optional?.length) {
    rows.push(['Capabilities', [...(caps.required ?? []).map((c) => `${c} (required)`), ...(caps.optional ?? []).map((c) => `${c} (optional)`)].join(', ')]);
  }
  rows.push(['Approval', describeApproval(info.approval)]);
  if (info.approval) rows.push(['Granted', info.approval.grants.capabilities.length ? info.approval.grants.capabilities.join(', ') : 'nothing'], ...agentRows(ext, info.approval.agents, ctx.cmd));
  for (const [flag, on] of Object.entries(info.experimental)) rows.push([`experimental.${flag}`, String(on)]);
  for (const s of ext.shadowed) rows.push(['Shadowed copy', `${s.path} (${s.source}, ${s.version})`]);
  for (const c of ext.conflictsWith) rows.push(['Conflicts with', c]);
  ctx.print(...formatTable(rows.map(([k, v]) => [k ? bold(t`${k}:`) : '', v ?? ''])));
  if (info.config) printConfig(ctx, info.config, ext.name ?? ext.key);
  if (info.peer?.recent.length) ctx.print('', bold('Peer, latest:'), ...info.peer.recent.map((l) => t`  ${dim(l)}`));
  const problems = [...ext.problems, ...ext.warnings];
  if (problems.length) {
    ctx.print('', bold('Problems:'), ...problems.flatMap((p) => [t`  ${p.path}: ${p.message} ${dim(`[${p.rule}]`)}`, t`    fix: ${p.fix}`]));
  }
  return 0;
}

/** `memoryMb 256, processes 32 (by cgroup)`, or why they refuse its processes. */
function describeLimits(l: NonNullable<ReturnType<typeof toInfoEntry>['limits']>): string {
  if (l.error) return `refused: ${l.error}`;
  const set = Object.entries(l.effective).map(([k, v]) => `${k} ${v}`);
  if (!set.length) return 'none';
  const how = l.mode === 'cgroup' ? 'by a cgroup of its own' : l.mode === 'rlimit' ? 'by rlimits (no cgroup here: cpuPercent is not enforced, memory is sampled by the host)' : 'not applied';
  return `${set.join(', ')} (${how})`;
}

function describeApproval(a: ReturnType<typeof toInfoEntry>['approval']): string {
  if (!a) return 'none';
  const what = `${a.version} (${a.source}, ${a.realPath}) on ${a.approvedAt}${a.enabled ? '' : ', disabled'}`;
  return a.current ? `approved ${what}` : `no longer covers this copy; was approved for ${what}`;
}

/** The config keys of the extension's configSchema: type, value and where it came from, what is missing or wrong. */
function printConfig(ctx: CliContext, config: NonNullable<ReturnType<typeof toInfoEntry>['config']>, name: string): void {
  const { bold, dim, red } = ctx.out;
  ctx.print('', bold(t`Config (extensions.${name}, schema ${config.schemaFile}):`));
  if (config.error) ctx.print(t`  ${red(config.error)}`);
  const rows: Text[][] = config.keys.map((k) => [
    t`  ${k.key}${k.required ? '*' : ''}`,
    k.type ?? '',
    k.source === 'unset' ? dim('unset') : t`${JSON.stringify(k.value) ?? ''} ${dim(`(${k.source})`)}`,
    dim(k.description ?? ''),
  ]);
  if (rows.length) ctx.print(...formatTable(rows));
  else if (!config.error) ctx.print(dim('  (the schema declares no keys)'));
  if (config.missing.length) ctx.print(t`  ${red('missing:')} ${config.missing.join(', ')} — set with \`${ctx.cmd} config extensions.${name}.<key> <value>\``);
  for (const p of config.problems) ctx.print(t`  ${red('breaks the schema:')} ${p}`);
}
