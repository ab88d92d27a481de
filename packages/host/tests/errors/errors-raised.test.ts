// fastify's check, on the source: every code of ERROR_CODES (and so every row of docs/errors.md, which
// errors-docs.test.ts holds equal to it) is raised somewhere in packages/*/src, and every UPPER_SNAKE code
// an error is constructed with there is in the table. A documented code nothing raises, or a raised code
// nobody documented, fails here.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { ERROR_CODES } from '../../src/errors/index.js';

const PACKAGES = fileURLToPath(new URL('../../../../', import.meta.url));
const TABLE = join('host', 'src', 'errors', 'error-codes.ts');

/** Every TypeScript source file under packages/<name>/src, but the code table itself. */
function sourceFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && relative(PACKAGES, path) !== TABLE) files.set(relative(PACKAGES, path), readFileSync(path, 'utf8'));
    }
  };
  for (const pkg of readdirSync(PACKAGES, { withFileTypes: true })) {
    // @outboard/client owns a table of its own (CLIENT_ERROR_CODES), checked by its own test.
    if (!pkg.isDirectory() || pkg.name === 'client') continue;
    try {
      walk(join(PACKAGES, pkg.name, 'src'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return files;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('error codes in the source', () => {
  const files = sourceFiles();

  it('finds the source it scans', () => {
    assert.ok([...files.keys()].some((f) => f.startsWith(join('host', 'src'))), `no host sources under ${PACKAGES}`);
    assert.ok([...files.keys()].some((f) => f.startsWith(join('cli', 'src'))), `no CLI sources under ${PACKAGES}`);
  });

  it('raises every code of ERROR_CODES (docs/errors.md) somewhere', () => {
    // A raise site: the code as a string passed to a call (`new XError('CODE', …)`, `cliError('CODE', …)`),
    // chosen in a conditional, given as a `code:` property, or returned. A mention in a list does not count.
    const never = Object.keys(ERROR_CODES).filter((code) => {
      const site = new RegExp(`(?:\\(|\\?|:|\\breturn)\\s*['"\`]${escape(code)}['"\`]`);
      return ![...files.values()].some((text) => site.test(text));
    });
    assert.deepEqual(never, [], `these codes are documented but never raised: raise each where it belongs, or remove it from ERROR_CODES and docs/errors.md`);
  });

  it('documents every UPPER_SNAKE code an error is constructed with', () => {
    const undocumented: string[] = [];
    for (const [file, text] of files) {
      for (const match of text.matchAll(/\b(?:\w*Error|cliError)\(\s*['"`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)['"`]/g)) {
        const code = match[1] as string;
        if (!Object.hasOwn(ERROR_CODES, code)) undocumented.push(`${file}: ${code}`);
      }
    }
    assert.deepEqual(undocumented, [], 'add these codes to ERROR_CODES (packages/host/src/errors/error-codes.ts) and docs/errors.md');
  });
});
