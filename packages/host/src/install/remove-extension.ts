import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { withFileLock } from '../store/index.js';
import type { ExtensionRecord } from '../extension-record.js';
import type { HostCore as Host } from '../host-core.js';
import { runNpm } from './npm-runner.js';
import { UserExtensionsFolder } from './user-extensions-folder.js';

/** What `remove` did. */
export interface RemoveExtensionResult {
  /** Whether an approval was deleted. */
  approvalDeleted: boolean;
  /** The state folder deleted by `purge`, if any. */
  purged: string | undefined;
  /** Why `purge` kept the state folder (another installed copy still uses the name). */
  keptState: string | undefined;
}

/** Refusal to remove an extension this command does not manage; `message` says what to do instead. */
export class NotRemovableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotRemovableError';
  }
}

/** How to remove an extension that `extensions remove` does not manage. */
function howToRemove(ext: ExtensionRecord, hostId: string): string {
  switch (ext.source) {
    case 'project':
      return `${ext.key} comes from this project's package.json; remove it there (npm uninstall ${ext.packageName} in the project)`;
    case 'global':
      return `${ext.key} is installed globally; remove it with npm uninstall -g ${ext.packageName}`;
    case 'dev':
      return `${ext.key} is a dev path; stop using it with \`${hostId} extensions unlink ${ext.dir}\``;
    default:
      return '';
  }
}

/**
 * Uninstalls a user-source extension with npm and deletes its approval; with `purge`, also deletes
 * `<home>/ext/<name>/` unless another installed copy still uses that name.
 */
export async function removeExtension(host: Host, ext: ExtensionRecord, options: { purge: boolean; output?: NodeJS.WritableStream }): Promise<RemoveExtensionResult> {
  if (ext.source !== 'user') throw new NotRemovableError(howToRemove(ext, host.identity.id));
  const folder = new UserExtensionsFolder(host.home, host.identity.id);
  await withFileLock(
    folder.packageJsonPath,
    () => runNpm(['uninstall', '--save', ext.packageName], { prefix: folder.dir, env: host.env, ...(options.output ? { output: options.output } : {}) }),
    { timeoutMs: 10 * 60_000, staleMs: 15 * 60_000 },
  );
  const name = ext.name;
  const approval = name ? host.approvals.find({ source: 'user', name }) : undefined;
  const approvalDeleted = name !== undefined && approval?.packageName === ext.packageName ? await host.approvals.revoke({ source: 'user', name }) : false;
  if (!options.purge || !name) return { approvalDeleted, purged: undefined, keptState: undefined };
  host.refresh();
  const other = (await host.extensions()).extensions.find((e) => e.key === name);
  if (other) return { approvalDeleted, purged: undefined, keptState: `${other.packageName} (${other.source}, ${other.dir}) still uses the name "${name}"` };
  const stateDir = join(host.home, 'ext', name);
  if (!existsSync(stateDir)) return { approvalDeleted, purged: undefined, keptState: undefined };
  rmSync(stateDir, { recursive: true, force: true });
  return { approvalDeleted, purged: stateDir, keptState: undefined };
}
