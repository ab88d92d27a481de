// Only the printer writes to the user's terminal: a command that wrote to stdout/stderr itself would bypass the
// escaping of untrusted text. This reads the CLI's sources and fails on any other place that could.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const PRINTER = join(SRC, 'terminal', 'printer.ts');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : name.endsWith('.ts') ? [full] : [];
  });
}

describe('the CLI writes to the terminal only through its printer', () => {
  const files = sources(SRC);
  it('finds the sources', () => assert.ok(files.length > 10 && files.includes(PRINTER), SRC));
  const forbidden = [/\bio\.(stdout|stderr)\b/, /\bprocess\.(stdout|stderr)\b/, /\bconsole\./, /\bnode:readline\b/, /\bwriteSync\(\s*[12]\b/];
  for (const file of files) {
    if (file === PRINTER) continue;
    it(relative(SRC, file), () => {
      const text = readFileSync(file, 'utf8');
      for (const pattern of forbidden) assert.doesNotMatch(text, pattern, `${relative(SRC, file)} must print through CliContext's printer`);
    });
  }
});
