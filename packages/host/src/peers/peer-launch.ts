import type { ExtensionManifest } from '@outboard/manifest';
import { SUPPORTED_PROTOCOL, describeProtocolRange } from '@outboard/protocol';
import type { HostIdentity } from '../identity/host-identity.js';
import { buildExtensionEnv } from '../run/extension-env.js';
import { resolveRunnable } from '../run/resolve-runnable.js';
import { ensureStateDir } from '../run/state-dir.js';

/** Everything needed to spawn a peer. */
export interface PeerLaunchPlan {
  command: string;
  args: string[];
  /** The extension's state folder: peers run there, never in the user's project. */
  cwd: string;
  env: Record<string, string>;
}

/** Input of {@link planPeerLaunch}. */
export interface PeerLaunchInput {
  identity: HostIdentity;
  home: string;
  baseEnv: NodeJS.ProcessEnv;
  extension: { name: string; dir: string; manifest: ExtensionManifest };
  /** The file holding the checked config section. */
  configFile: string;
  hub?: { url: string; tokenFile: string; token: string | undefined } | undefined;
}

/**
 * The argv, cwd and environment of a peer: explicit argv (no shell), the environment contract of DESIGN §5
 * without any token, and a launch guard (`<P>_PEER_HOST`, `<P>_PEER_PROTOCOL`) so a peer started by hand can
 * say what it is and exit instead of waiting on a terminal. Throws RunnableError for a bad runnable.
 */
export function planPeerLaunch(input: PeerLaunchInput): PeerLaunchPlan {
  const peer = input.extension.manifest.peer;
  if (!peer) throw new Error(`${input.extension.name} declares no peer`);
  const resolved = resolveRunnable(peer, input.extension.dir, { execPath: process.execPath, pathEnv: input.baseEnv.PATH });
  const stateDir = ensureStateDir(input.home, input.extension.name);
  const p = input.identity.envPrefix;
  const env = buildExtensionEnv({
    envPrefix: p,
    baseEnv: input.baseEnv,
    apiVersion: 1,
    hostVersion: input.identity.version,
    binPath: input.identity.binPath ?? '',
    home: input.home,
    extensionName: input.extension.name,
    stateDir,
    configFile: input.configFile,
    ...(input.hub ? { hub: { url: input.hub.url, tokenFile: input.hub.tokenFile }, ...(input.hub.token ? { tokenValue: input.hub.token } : {}) } : {}),
    extra: { [`${p}_PEER_HOST`]: input.identity.id, [`${p}_PEER_PROTOCOL`]: describeProtocolRange(SUPPORTED_PROTOCOL) },
  });
  return { command: resolved.command, args: resolved.args, cwd: stateDir, env };
}
