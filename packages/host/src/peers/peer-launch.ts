import type { ExtensionManifest } from '@outboard/manifest';
import { SUPPORTED_PROTOCOL, describeProtocolRange } from '@outboard/protocol';
import type { HostIdentity } from '../identity/host-identity.js';
import type { ExtensionRecord } from '../extension-record.js';
import type { ConfigProblem } from '../config/config-problem.js';
import { buildExtensionEnv } from '../run/extension-env.js';
import { resolveRunnable } from '../run/resolve-runnable.js';
import { ensureStateDir } from '../run/state-dir.js';
import { writeCommandConfigFile } from '../run/command-config-file.js';
import type { HubLocator, PeerLauncher, PeerLaunchPlan } from './peer-seams.js';

/** What the interim launcher reads from its host. */
export interface InterimLauncherHost extends HubLocator {
  identity: HostIdentity;
  home: string;
  env: NodeJS.ProcessEnv;
  extensionConfig(ext: ExtensionRecord): Promise<{ value: unknown; problems: readonly ConfigProblem[] }>;
}

/**
 * The launch of a peer until the host offers `planLaunch` for every kind: explicit argv (no shell), the
 * environment contract of DESIGN §5 without any token, a launch guard (`<P>_PEER_HOST`,
 * `<P>_PEER_PROTOCOL`), the state folder as cwd, and the checked config section in a per-run file.
 */
export function interimPeerLauncher(host: InterimLauncherHost): PeerLauncher {
  return {
    async planLaunch(ext: ExtensionRecord): Promise<PeerLaunchPlan> {
      const manifest = ext.manifest as ExtensionManifest;
      const name = ext.name as string;
      if (!manifest.peer) throw new Error(`${name} declares no peer`);
      const checked = await host.extensionConfig(ext);
      if (checked.problems.length) throw new Error(`its config breaks its schema: ${checked.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
      const resolved = resolveRunnable(manifest.peer, ext.dir, { execPath: process.execPath, pathEnv: host.env.PATH });
      const stateDir = ensureStateDir(host.home, name);
      const configFile = writeCommandConfigFile(stateDir, host.identity.id, checked.value);
      const p = host.identity.envPrefix;
      const hub = host.runningHub();
      const env = buildExtensionEnv({
        envPrefix: p,
        baseEnv: host.env,
        apiVersion: 1,
        hostVersion: host.identity.version,
        binPath: host.identity.binPath ?? '',
        home: host.home,
        extensionName: name,
        stateDir,
        configFile: configFile.path,
        ...(hub ? { hub: { url: hub.url, tokenFile: hub.tokenFile }, ...(hub.token ? { tokenValue: hub.token } : {}) } : {}),
        extra: { [`${p}_PEER_HOST`]: host.identity.id, [`${p}_PEER_PROTOCOL`]: describeProtocolRange(SUPPORTED_PROTOCOL) },
      });
      return { command: resolved.command, args: resolved.args, cwd: stateDir, env, dispose: () => configFile.dispose() };
    },
  };
}
