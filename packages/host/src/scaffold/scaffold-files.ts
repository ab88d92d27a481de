import { commandFiles } from './template-command.js';
import { nodePeerFiles } from './template-peer-node.js';
import { PYTHON_RUNTIME_NAMES, pythonPeerFiles } from './template-peer-python.js';
import { sidecarFiles } from './template-sidecar.js';
import type { ScaffoldFile, ScaffoldOptions } from './scaffold-types.js';
import { SDK_PACKAGE, SDK_RANGE } from './platform-packages.js';

/**
 * Where the manifest's `$schema` points, relative to the package: the schema file of the `@outboard/manifest`
 * the package installs (the SDK depends on it; a command scaffold lists it as a dev dependency), so editor
 * completion works offline and matches the installed version. The host ignores the field.
 */
export const MANIFEST_SCHEMA_PATH = './node_modules/@outboard/manifest/schema/extension-manifest.v1.schema.json';

export { SDK_RANGE } from './platform-packages.js';

/** The package.json of the scaffold, as an object (the manifest is checked from it before anything is written). */
export function scaffoldPackageJson(o: ScaffoldOptions): Record<string, unknown> {
  const withPeer = o.peer || o.python;
  const withCommand = !withPeer && !o.sidecar;
  const extension: Record<string, unknown> = {
    $schema: MANIFEST_SCHEMA_PATH,
    apiVersion: 1,
    name: o.name,
    displayName: o.name,
    description: `${o.name}: describe what it does in one line`,
  };
  const files: string[] = [];
  if (withCommand) {
    extension.commands = [{ name: o.name, bin: `bin/${o.name}.js`, summary: `Say hello (config: extensions.${o.name}.greeting)` }];
    extension.configSchema = 'schema/config.json';
    files.push('bin', 'schema');
  }
  if (o.sidecar) {
    extension.sidecar = { bin: 'sidecar.js' };
    extension.hub = { label: o.name, description: 'Its web page' };
    files.push('sidecar.js');
  }
  if (withPeer) {
    extension.peer = o.python ? { exec: ['python3', './peer.py'], activation: ['onAction'] } : { bin: 'peer.js', activation: ['onAction'] };
    extension.contributes = { actions: [{ id: `${o.name}.hello`, title: 'Say hello', argsSchema: { type: 'object', properties: { name: { type: 'string' } } } }] };
    extension.capabilities = { required: ['ui.action.contribute'] };
    files.push(...(o.python ? ['peer.py', ...PYTHON_RUNTIME_NAMES] : ['peer.js']));
  }
  return {
    name: `${o.hostId}-${o.name}`,
    version: '0.1.0',
    description: `An ${o.hostId} extension`,
    private: true,
    type: 'module',
    engines: { [o.hostId]: engineRange(o.hostVersion) },
    files,
    scripts: { test: 'node --test' },
    // Peers and sidecars are written on the SDK; a command needs nothing at run time, the schema only.
    ...(withSdk(o) ? { dependencies: { [SDK_PACKAGE]: SDK_RANGE } } : { devDependencies: { '@outboard/manifest': SDK_RANGE } }),
    [o.hostId]: { extension },
  };
}

/** Every file of the scaffold, package.json and README first. */
export function scaffoldFiles(o: ScaffoldOptions): ScaffoldFile[] {
  const withPeer = o.peer || o.python;
  const withCommand = !withPeer && !o.sidecar;
  return [
    { path: 'package.json', content: `${JSON.stringify(scaffoldPackageJson(o), null, 2)}\n` },
    { path: 'README.md', content: readme(o, withCommand, withPeer) },
    ...(withCommand ? commandFiles(o) : []),
    ...(withPeer ? (o.python ? pythonPeerFiles(o) : nodePeerFiles(o)) : []),
    ...(o.sidecar ? sidecarFiles(o) : []),
  ];
}

/** Whether the scaffold's code imports `@outboard/sdk`: a Node peer or a sidecar. */
export function withSdk(o: ScaffoldOptions): boolean {
  return (o.peer && !o.python) || o.sidecar;
}

// This host version and every later one before the next major.
function engineRange(version: string): string {
  const [major = 0, minor = 0] = (/^(\d+)\.(\d+)/.exec(version) ?? []).slice(1).map(Number);
  return `>=${major}.${minor}.0 <${major + 1}.0.0`;
}

function readme(o: ScaffoldOptions, withCommand: boolean, withPeer: boolean): string {
  const cmd = o.hostId;
  const lines = [
    `# ${o.name}`,
    '',
    `An ${cmd} extension. The manifest is the \`${cmd}.extension\` block of \`package.json\`.`,
    '',
    withSdk(o)
      ? `It is written on \`@outboard/sdk\`. Install it first: until it is on a registry, run \`npm run pack\` in a checkout of Outboard, then here the \`npm install\` line it prints (it also installs \`@outboard/manifest\`, whose schema \`$schema\` points at); or install the checkout's folder, \`npm install /path/to/outboard/packages/sdk\`.`
      : `\`$schema\` points at the schema of \`@outboard/manifest\` for editor completion: install it with the \`npm install\` line that \`npm run pack\` prints in a checkout of Outboard (the ${withCommand ? 'command' : 'peer'} itself needs nothing installed).`,
    '',
    '```sh',
    ...(withSdk(o) ? ['npm install /path/to/outboard/dist/packs/outboard-manifest-*.tgz /path/to/outboard/dist/packs/outboard-protocol-*.tgz /path/to/outboard/dist/packs/outboard-sdk-*.tgz'] : []),
    `${cmd} extensions link .            # use it from this folder`,
    `${cmd} extensions enable ${o.name} --yes   # approve exactly this manifest`,
  ];
  if (withCommand) lines.push(`${cmd} ${o.name} Ada                  # Hello, Ada!`, `${cmd} config extensions.${o.name}.greeting Ahoy --user`);
  if (withPeer) lines.push(`${cmd} actions run ${o.name}.hello --args '{"name": "Ada"}'`);
  if (o.sidecar) lines.push(`${cmd} hub start                     # then open /x/${o.name}/ on the hub`);
  lines.push(`${cmd} extensions doctor            # every problem with its fix`, 'npm test                              # its own tests (node --test)', '```', '');
  if (withCommand) lines.push(`- \`bin/${o.name}.js\`: the command, run with ${cmd}'s own Node; \`schema/config.json\` checks \`extensions.${o.name}\`.`);
  if (withPeer && o.python) lines.push(`- \`peer.py\`: the peer, on \`${PYTHON_RUNTIME_NAMES.join('` and `')}\` (the wire and runtime of the Python example, standard library only); every action it handles is declared in \`contributes.actions\`.`);
  if (withPeer && !o.python) lines.push('- `peer.js`: the peer, on `runPeer` of `@outboard/sdk` (the handshake and the wire are the SDK\'s); every action it registers is declared in `contributes.actions`.');
  if (o.sidecar) lines.push('- `sidecar.js`: the web page the hub serves, on `serveSidecar` of `@outboard/sdk`, which answers only requests carrying the launch secret.');
  lines.push('- `test/`: starts each part as the host does.', '');
  return lines.join('\n');
}
