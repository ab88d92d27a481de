import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { withFileLock } from '../store/index.js';
import { OutboardError } from '../errors/outboard-error.js';
import type { ExtensionRecord } from '../extension-record.js';
import type { HostIdentity } from '../identity/host-identity.js';
import type { ApprovalStore } from '../approvals/approval-store.js';
import type { ConfigService } from '../config/config-service.js';
import { isValidSlug } from '@outboard/manifest';
import { runNpm } from './npm-runner.js';
import { UserExtensionsFolder } from './user-extensions-folder.js';

/** What removing an extension needs of the host (a HostCore is one): its files, approvals, config and inventory. */
export interface RemovingHost {
  readonly identity: HostIdentity;
  readonly home: string;
  readonly env: NodeJS.ProcessEnv;
  readonly approvals: ApprovalStore;
  readonly config: ConfigService;
  refresh(): void;
  extensions(): Promise<{ readonly extensions: readonly ExtensionRecord[] }>;
}

/** What `remove` did. */
export interface RemoveExtensionResult {
  /** Whether an approval was deleted. */
  approvalDeleted: boolean;
  /** The state folder deleted by `purge`, if any. */
  purged: string | undefined;
  /** Why `purge` kept the state folder (another installed copy still uses the name). */
  keptState: string | undefined;
  /** Whether `purge` deleted the `extensions.<name>` section of the user config. */
  configRemoved?: boolean;
}

/** What {@link purgeExtensionLeftovers} deleted. */
export interface PurgeResult {
  /** The state folder deleted, if there was one. */
  purged: string | undefined;
  /** Whether `extensions.<name>` was removed from the user config. */
  configRemoved: boolean;
  /** Whether a user-source approval of the name was deleted. */
  approvalDeleted: boolean;
  /** Why nothing was deleted: another installed copy still uses the name. */
  keptState: string | undefined;
}

/** Refusal to remove an extension this command does not manage (code INSTALL_NOT_REMOVABLE); `message` says what to do instead. */
export class NotRemovableError extends OutboardError {
  override name = 'NotRemovableError';
  constructor(message: string) {
    super('INSTALL_NOT_REMOVABLE', message);
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
export async function removeExtension(host: RemovingHost, ext: ExtensionRecord, options: { purge: boolean; output?: NodeJS.WritableStream }): Promise<RemoveExtensionResult> {
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
  const purge = await purgeExtensionLeftovers(host, name);
  return { approvalDeleted: approvalDeleted || purge.approvalDeleted, purged: purge.purged, keptState: purge.keptState, configRemoved: purge.configRemoved };
}

/**
 * `remove <name> --purge` of what is left once the package is gone (removed earlier, or by hand): deletes
 * `<home>/ext/<name>/`, the `extensions.<name>` section of the user config and a user-source approval of the
 * name, unless an installed extension still uses the name (then nothing is deleted and `keptState` says
 * which). `name` must be an extension slug (never a path). The project config is left alone: it belongs to
 * the project.
 */
export async function purgeExtensionLeftovers(host: RemovingHost, name: string): Promise<PurgeResult> {
  if (!isValidSlug(name)) throw new TypeError(`not an extension name: ${JSON.stringify(name)}`);
  host.refresh();
  const other = (await host.extensions()).extensions.find((e) => e.key === name);
  if (other) return { purged: undefined, configRemoved: false, approvalDeleted: false, keptState: `${other.packageName} (${other.source}, ${other.dir}) still uses the name "${name}"` };
  const approvalDeleted = host.approvals.find({ source: 'user', name }) ? await host.approvals.revoke({ source: 'user', name }) : false;
  const configRemoved = host.config.getIn('user', `extensions.${name}`) !== undefined ? (await host.config.unset(`extensions.${name}`, { scope: 'user' })).changed : false;
  const stateDir = join(host.home, 'ext', name);
  if (!existsSync(stateDir)) return { purged: undefined, configRemoved, approvalDeleted, keptState: undefined };
  rmSync(stateDir, { recursive: true, force: true });
  return { purged: stateDir, configRemoved, approvalDeleted, keptState: undefined };
}
