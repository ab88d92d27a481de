// `npm run pack`: a tarball of every public package in dist/packs/ (or the folder after `--out`): the SDK an
// extension imports, the host a tool embeds (docs/embedding.md), and what they need; and the one `npm install`
// line that installs them together, for as long as the packages are not on a registry.
// Built first (`npm run build`): a tarball holds the compiled dist/src of each package.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/**
 * The public packages, dependencies first: what extensions import (sdk), what programs using a running hub
 * import (client), what an embedding tool imports (host), the MCP adapter it may serve agents with (mcp) and
 * its OpenTelemetry plugin (otel). Never the hub or the CLI: they are the reference host's own.
 */
export const PUBLIC_PACKAGES = ['manifest', 'protocol', 'sdk', 'client', 'host', 'mcp', 'otel'];
const outAt = process.argv.indexOf('--out');
if (outAt !== -1 && !process.argv[outAt + 1]) {
  process.stderr.write('--out needs a folder: npm run pack -- --out <folder>\n');
  process.exit(2);
}
const out = outAt === -1 ? join(root, 'dist', 'packs') : resolve(process.argv[outAt + 1]);

for (const pkg of PUBLIC_PACKAGES) {
  if (!existsSync(join(root, 'packages', pkg, 'dist', 'src', 'index.js'))) {
    process.stderr.write(`packages/${pkg} is not built: run \`npm run build\` first.\n`);
    process.exit(1);
  }
}
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
for (const pkg of PUBLIC_PACKAGES) {
  // --ignore-scripts: the root's prepare (a full build) must not run once per package.
  const r = spawnSync(npm, ['pack', '--silent', '--ignore-scripts', '--pack-destination', out], { cwd: join(root, 'packages', pkg), encoding: 'utf8' });
  if (r.status !== 0) {
    process.stderr.write(`npm pack failed in packages/${pkg}:\n${r.stderr}`);
    process.exit(1);
  }
}
const tarballs = readdirSync(out).filter((f) => f.endsWith('.tgz')).sort().map((f) => join(out, f));
process.stdout.write(`Packed ${tarballs.length} packages into ${relative(process.cwd(), out) || '.'}:\n`);
for (const t of tarballs) process.stdout.write(`  ${relative(out, t)}\n`);
/** `pkg` and the public packages it depends on (from the package.json files), dependencies first. */
function closure(pkg) {
  const needed = new Set();
  const visit = (name) => {
    if (needed.has(name)) return;
    needed.add(name);
    const { dependencies = {} } = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
    for (const dep of Object.keys(dependencies)) if (dep.startsWith('@outboard/')) visit(dep.slice('@outboard/'.length));
  };
  visit(pkg);
  return PUBLIC_PACKAGES.filter((p) => needed.has(p)).map((p) => tarballs.find((t) => relative(out, t).startsWith(`outboard-${p}-`)));
}
process.stdout.write(`\nInstall them in an extension's folder (the SDK) with:\n\n  npm install ${closure('sdk').join(' ')}\n`);
process.stdout.write(`\nin a program that uses a running hub (docs/clients.md) with:\n\n  npm install ${closure('client').join(' ')}\n`);
process.stdout.write(`\nor in a tool that embeds the host (docs/embedding.md) with:\n\n  npm install ${closure('host').join(' ')}\n`);
process.stdout.write(`\nand, to serve its hub to agents over MCP (docs/agents.md):\n\n  npm install ${closure('mcp').join(' ')}\n`);
process.stdout.write(`\nand its OpenTelemetry export (docs/observability.md) with:\n\n  npm install ${closure('otel').join(' ')}\n`);
