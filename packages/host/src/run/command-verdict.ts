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
 * - `unknown`: nothing declares it; `suggestions` are close built-in, enabled and unapproved command names
 *   (nearest first), and `needsApproval` says which of them an unapproved extension declares, with its fix.
 */
export type CommandVerdict =
  | { kind: 'run'; extension: ExtensionRecord; command: string }
  | { kind: 'needs-approval'; extension: ExtensionRecord; command: string; reason: string | undefined }
  | { kind: 'hidden'; extension: ExtensionRecord; reason: string; fix: CommandFix }
  | { kind: 'conflict'; extensions: ExtensionRecord[] }
  | { kind: 'unknown'; suggestions: string[]; needsApproval: UnapprovedSuggestion[] };

/** A suggested command that runs only once its extension is approved: a user's own typo of a new command. */
export interface UnapprovedSuggestion {
  /** The suggested command name (one of the verdict's `suggestions`). */
  readonly command: string;
  /** The one unapproved extension that declares it. */
  readonly extension: ExtensionRecord;
  /** What changed since it was approved, `undefined` when it never was (as in `needs-approval`). */
  readonly changed: string | undefined;
  /** What approves it: `<id> extensions enable <name>`. */
  readonly fix: CommandFix;
}

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
  if (owner) return { kind: 'needs-approval', extension: owner, command: name, reason: changesOf(input, owner) };
  const hidden = owners[0] ?? extensions.find((e) => e.key === name && e.state !== 'enabled' && e.state !== 'unapproved');
  if (hidden) return { kind: 'hidden', extension: hidden, reason: hidden.reason.replace(/\.$/, ''), fix: fixOf(hidden, input.identity) };
  return unknown(input);
}

/** Did-you-mean over what may run (built-ins, enabled and unapproved commands), naming what needs approval first. */
function unknown(input: CommandVerdictInput): CommandVerdict {
  const offered = input.extensions.filter((e) => e.state === 'enabled' || e.state === 'unapproved');
  const suggestions = suggestNames(input.name, [...input.identity.builtins, ...offered.flatMap((e) => (e.manifest?.commands ?? []).map((c) => c.name))]);
  const needsApproval = suggestions.flatMap((command): UnapprovedSuggestion[] => {
    const owners = offered.filter((e) => declares(e, command));
    const [ext] = owners;
    if (owners.length !== 1 || ext?.state !== 'unapproved') return [];
    return [{ command, extension: ext, changed: changesOf(input, ext), fix: { command: `${input.identity.id} extensions enable ${ext.key}` } }];
  });
  return { kind: 'unknown', suggestions, needsApproval };
}

/** What changed since an unapproved extension was approved; `undefined` when it never was. */
function changesOf(input: CommandVerdictInput, ext: ExtensionRecord): string | undefined {
  const approval = input.approvalOf(ext);
  return approval?.status === 'changed' ? approval.changes.join('; ') : undefined;
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
