import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Recognises a process that died because a module is missing, from the tail of its stderr: Node's
 * `ERR_MODULE_NOT_FOUND` / `Cannot find package|module 'x'` and Python's `ModuleNotFoundError: No module
 * named 'x'`. Returns one line naming the module and the command that installs it, or undefined. The
 * module name comes from a hostile process: it is kept only when it looks like a package name.
 */
export function missingModuleLine(stderr: readonly string[], packageDir: string): string | undefined {
  for (let i = stderr.length - 1; i >= 0; i -= 1) {
    const line = stderr[i] as string;
    const python = /ModuleNotFoundError: No module named '([A-Za-z_][\w.]{0,200})'/.exec(line);
    if (python) {
      const top = (python[1] as string).split('.')[0] as string;
      return `missing Python module "${top}": install it with \`python3 -m pip install ${top}\``;
    }
    const node = /Cannot find (?:package|module) '([^']{1,300})'/.exec(line);
    if (node) {
      const spec = node[1] as string;
      // A relative or absolute path is a file of the package itself, not something to install.
      if (/^[./]|^[A-Za-z]:[\\/]|^node:/.test(spec)) return undefined;
      const parts = spec.split('/');
      const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
      if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name)) return undefined;
      return missingPackageLine(name, packageDir);
    }
  }
  return undefined;
}

/** One line naming a missing npm package and the command that installs it in `packageDir`. */
export function missingPackageLine(name: string, packageDir: string): string {
  if (name.startsWith('@outboard/')) return `missing module "${name}": it is not on a registry yet; run \`npm run pack\` in the Outboard repository, then the \`npm install\` line it prints in ${shellQuote(packageDir)}`;
  return `missing module "${name}": install it with \`cd ${shellQuote(packageDir)} && npm install ${name}\``;
}

/**
 * The first dependency a Node package declares that no `node_modules` folder above it holds (Node's lookup,
 * without loading anything), as one line from {@link missingPackageLine}; undefined when all are there.
 */
export function missingDependencyLine(packageDir: string): string | undefined {
  let deps: Record<string, unknown>;
  try {
    deps = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, unknown> }).dependencies ?? {};
  } catch {
    return undefined;
  }
  for (const name of Object.keys(deps).slice(0, 200)) {
    if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name)) continue;
    let found = false;
    for (let dir = packageDir, depth = 0; depth < 64; depth += 1) {
      if (existsSync(join(dir, 'node_modules', name, 'package.json'))) {
        found = true;
        break;
      }
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    if (!found) return missingPackageLine(name, packageDir);
  }
  return undefined;
}

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
