import { suggestNames } from '@outboard/manifest';
import type { ApprovalVerdict, ExtensionRecord } from '../extension-record.js';
import type { HostIdentity } from '../identity/host-identity.js';

/** How a fix is given: a command to run, prose to follow, or both. Never a guess: `command` is always runnable. */
export interface CommandFix {
  /** A complete command line, e.g. `outboard extensions enable git`. */
  readonly command?: string;
  /** Prose, e.g. `uninstall or unlink all but one of them`. */
  readonly text?: string;
}

/**
 * What `<id> <name>` means, decided by the host; the CLI only prints and prompts.
 * - `run`: one enabled extension declares the command.
 * - `needs-approval`: one unapproved extension declares it; `reason` says what changed since approval,
 *   `undefined` when it was never approved.
 * - `hidden`: an extension declares it (or is called `name`) but is disabled, invalid, incompatible or in
 *   conflict with another package of its name; `reason` is its one-line state reason.
 * - `conflict`: several enabled or unapproved extensions declare it.
 * - `unknown`: nothing declares it; `suggestions` are close built-in and enabled command names.
 */
export type CommandVerdict =
  | { kind: 'run'; extension: ExtensionRecord; command: string }
  | { kind: 'needs-approval'; extension: ExtensionRecord; command: string; reason: string | undefined }
  | { kind: 'hidden'; extension: ExtensionRecord; reason: string; fix: CommandFix }
  | { kind: 'conflict'; extensions: ExtensionRecord[] }
  | { kind: 'unknown'; suggestions: string[] };

/** Input of {@link decideCommand}. */
export interface CommandVerdictInput {
  readonly name: string;
  readonly extensions: readonly ExtensionRecord[];
  readonly identity: Pick<HostIdentity, 'id' | 'version' | 'builtins'>;
  /** The approval verdict behind an extension's state. */
  approvalOf(ext: ExtensionRecord): ApprovalVerdict | undefined;
}

/** Decides what running `name` means (see {@link CommandVerdict}). Pure: reads nothing but its input. */
export function decideCommand(input: CommandVerdictInput): CommandVerdict {
  const { name, extensions } = input;
  const owners = extensions.filter((e) => declares(e, name));
  const runnable = owners.filter((e) => e.state === 'enabled' || e.state === 'unapproved');
  if (runnable.length > 1) return { kind: 'conflict', extensions: runnable };
  const owner = runnable[0];
  if (owner?.state === 'enabled') return { kind: 'run', extension: owner, command: name };
  if (owner) {
    const approval = input.approvalOf(owner);
    return { kind: 'needs-approval', extension: owner, command: name, reason: approval?.status === 'changed' ? approval.changes.join('; ') : undefined };
  }
  const hidden = owners[0] ?? extensions.find((e) => e.key === name && e.state !== 'enabled' && e.state !== 'unapproved');
  if (hidden) return { kind: 'hidden', extension: hidden, reason: hidden.reason.replace(/\.$/, ''), fix: fixOf(hidden, input.identity) };
  const candidates = [...input.identity.builtins, ...extensions.filter((e) => e.state === 'enabled').flatMap((e) => (e.manifest?.commands ?? []).map((c) => c.name))];
  return { kind: 'unknown', suggestions: suggestNames(name, candidates) };
}

function declares(ext: ExtensionRecord, name: string): boolean {
  return ext.manifest?.commands?.some((c) => c.name === name) ?? false;
}

/** What brings a hidden extension back, by its state. */
function fixOf(ext: ExtensionRecord, identity: Pick<HostIdentity, 'id' | 'version'>): CommandFix {
  const id = identity.id;
  const info = `${id} extensions info ${ext.key}`;
  switch (ext.state) {
    case 'disabled':
      return { command: `${id} extensions enable ${ext.key}` };
    case 'invalid':
      return { command: `${id} extensions doctor` };
    case 'blocked':
      return { text: ext.fix ?? 'the organisation policy blocks it', command: info };
    case 'conflict':
      return { text: 'uninstall or unlink all but one of the packages that claim this name', command: info };
    case 'incompatible': {
      const update = ext.source === 'user' ? `\`${id} extensions add ${ext.packageName}@latest\`` : `update ${ext.packageName} in its ${ext.source} source`;
      return { text: `install a version made for ${id} ${identity.version} (${update}), or update ${id}`, command: info };
    }
    default:
      return { command: info };
  }
}
