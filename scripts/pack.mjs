// `npm run pack`: a tarball of every public package (the SDK and what it needs) in dist/packs/, and the one
// `npm install` line that installs them together, for as long as the packages are not on a registry.
// Built first (`npm run build`): a tarball holds the compiled dist/src of each package.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The public packages, dependencies first. Never the host, hub or CLI: an extension must not import them. */
export const PUBLIC_PACKAGES = ['manifest', 'protocol', 'sdk'];
const out = join(root, 'dist', 'packs');

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
process.stdout.write(`\nInstall them in an extension's folder with:\n\n  npm install ${tarballs.join(' ')}\n`);
