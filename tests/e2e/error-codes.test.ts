// fastify's check, across every package: each package owns one table of codes; docs/errors.md lists exactly the
// codes of all of them, each with the words of its table; every documented code is raised somewhere in
// packages/*/src, and every code the source raises is documented. A documented code nothing raises, a raised
// code nobody documented, or a fix that hard-codes the reference host fails here.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { CLI_ERROR_CODES } from '@outboard/cli';
import { CLIENT_ERROR_CODES } from '@outboard/client';
import { ERROR_CODES } from '@outboard/host';
import { ANSWER_CODES, HUB_ERROR_CODES, SIDECAR_ERROR_CODES } from '@outboard/hub/errors';
import { SDK_ERROR_CODES } from '@outboard/sdk';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGES = join(ROOT, 'packages');

/** The names a fix is shown with: the reference host's, and another host's that must not read `outboard`. */
interface Names {
  id: string;
  envPrefix: string;
}
const REFERENCE: Names = { id: 'outboard', envPrefix: 'OUTBOARD' };
const OTHER: Names = { id: 'ndx', envPrefix: 'NDX' };

/** One package's table: where it is, its codes, and how a row is written in docs/errors.md (when the table has exit codes). */
interface Table {
  file: string;
  codes: Readonly<Record<string, { meaning: string }>>;
  fix: (code: string, names: Names) => string;
  /** The docs row of a table of local errors (`| code | meaning | exit code | the fix |`). */
  row?: (code: string) => string;
}

const escape = (text: string): string => text.replace(/\|/g, '\\|');
type LocalRow = { meaning: string; exitCode: number; fix: (names: Names) => string };
function localTable(file: string, codes: Readonly<Record<string, LocalRow>>): Table {
  const info = (code: string): LocalRow => codes[code] as LocalRow;
  return {
    file,
    codes,
    fix: (code, names) => info(code).fix(names),
    row: (code) => `| \`${code}\` | ${escape(info(code).meaning)} | ${info(code).exitCode} | ${escape(info(code).fix(REFERENCE))} |`,
  };
}

const TABLES: readonly Table[] = [
  localTable('packages/host/src/errors/error-codes.ts', ERROR_CODES),
  localTable('packages/cli/src/errors/cli-error-codes.ts', CLI_ERROR_CODES),
  localTable('packages/hub/src/daemon/hub-error.ts', HUB_ERROR_CODES),
  localTable('packages/hub/src/http/sidecar-codes.ts', SIDECAR_ERROR_CODES),
  { file: 'packages/hub/src/http/answer-codes.ts', codes: ANSWER_CODES, fix: (code, names) => ANSWER_CODES[code as keyof typeof ANSWER_CODES].fix(names) },
  { file: 'packages/client/src/client-errors.ts', codes: CLIENT_ERROR_CODES, fix: (code, names) => CLIENT_ERROR_CODES[code as keyof typeof CLIENT_ERROR_CODES].fix(names.id) },
  { file: 'packages/sdk/src/sdk-error.ts', codes: SDK_ERROR_CODES, fix: (code, names) => SDK_ERROR_CODES[code as keyof typeof SDK_ERROR_CODES].fix(names.id) },
];

/** A code as the tables and the page write it (INTERNAL, CLI_NOT_FOUND). */
const ANY_CODE = '[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*';
/** A code in a raise site of the source: with an underscore, so words such as `EPIPE` are not taken for one. */
const CODE = '[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+';
/** A row of a code table in its source: `  CODE: { …`. */
const TABLE_ROW = new RegExp(`^\\s+${ANY_CODE}: \\{`);

/** Every TypeScript source file under packages/<name>/src, the rows of the code tables left out (a row is not a raise site). */
function sources(): Map<string, string> {
  const tables = new Set(TABLES.map((t) => t.file));
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const file = relative(ROOT, path).split(sep).join('/');
        const text = readFileSync(path, 'utf8');
        files.set(file, tables.has(file) ? text.split('\n').filter((line) => !TABLE_ROW.test(line)).join('\n') : text);
      }
    }
  };
  for (const pkg of readdirSync(PACKAGES, { withFileTypes: true })) {
    if (!pkg.isDirectory()) continue;
    try {
      walk(join(PACKAGES, pkg.name, 'src'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return files;
}

/** The first cell of every table row of docs/errors.md that is an UPPER_SNAKE code, with the whole row. */
function documented(): { code: string; line: string }[] {
  const page = readFileSync(join(ROOT, 'docs', 'errors.md'), 'utf8');
  return [...page.matchAll(new RegExp(`^\\|\\s*\`(${ANY_CODE})\`\\s*\\|.*$`, 'gm'))].map((m) => ({ code: m[1] as string, line: m[0] }));
}

const owner = new Map<string, Table>();
for (const table of TABLES) for (const code of Object.keys(table.codes)) if (!owner.has(code)) owner.set(code, table);

describe('error codes of every package', () => {
  const files = sources();

  it('finds the tables and the source it scans', () => {
    for (const table of TABLES) assert.ok(files.has(table.file), `no ${table.file}`);
    for (const pkg of ['host', 'cli', 'hub', 'sdk', 'client', 'protocol']) assert.ok([...files.keys()].some((f) => f.startsWith(`packages/${pkg}/src/`)), `no sources of ${pkg}`);
  });

  it('no code is in two tables: each has one owner', () => {
    const twice = TABLES.flatMap((table) => Object.keys(table.codes).filter((code) => owner.get(code) !== table).map((code) => `${code}: ${owner.get(code)?.file} and ${table.file}`));
    assert.deepEqual(twice, []);
  });

  it('docs/errors.md lists exactly the codes of the tables, each once', () => {
    const rows = documented();
    const listed = rows.map((r) => r.code);
    assert.deepEqual(listed.filter((code, i) => listed.indexOf(code) !== i), [], 'listed twice in docs/errors.md');
    assert.deepEqual(listed.filter((code) => !owner.has(code)), [], 'listed in docs/errors.md but in no table: remove the row, or add the code to the table of the package that raises it');
    assert.deepEqual([...owner.keys()].filter((code) => !listed.includes(code)), [], 'in a table but not in docs/errors.md: add a row');
  });

  it('the rows of the local errors (host, CLI, hub) read as their tables', () => {
    const rows = new Map(documented().map((r) => [r.code, r.line]));
    for (const [code, table] of owner) if (table.row) assert.equal(rows.get(code), table.row(code), `docs/errors.md should read:\n${table.row(code)}`);
  });

  it('raises every documented code somewhere', () => {
    // A raise site: the code as a string passed to a call (`new XError('CODE', …)`, `refuse(call, 'CODE', …)`),
    // chosen in a conditional, given as a `code:` property, or returned. A mention in a comment or a list does not count.
    const text = [...files.values()].join('\n');
    const never = [...owner.keys()].filter((code) => !new RegExp(`(?:[(,?:]|\\breturn)\\s*['"\`]${code}['"\`]`).test(text));
    assert.deepEqual(never, [], 'documented but never raised: raise each where it belongs, or remove it from its table and docs/errors.md');
  });

  it('documents every code the source raises', () => {
    const site = new RegExp(`(?:\\b(?:\\w*Error|cliError)\\(\\s*|\\b(?:refuse|problem)\\([^,()]+,\\s*|\\bcode:\\s*)['"\`](${CODE})['"\`]`, 'g');
    const undocumented: string[] = [];
    for (const [file, text] of files) for (const m of text.matchAll(site)) if (!owner.has(m[1] as string)) undocumented.push(`${file}: ${m[1]}`);
    assert.deepEqual(undocumented, [], 'add these codes to the table of the package that raises them, and to docs/errors.md');
  });

  it('no fix hard-codes the reference host: another host id reads its own commands', () => {
    const leaking = [...owner].filter(([code, table]) => /outboard/i.test(table.fix(code, OTHER))).map(([code]) => code);
    assert.deepEqual(leaking, []);
    assert.equal(CLI_ERROR_CODES.CLI_UNKNOWN_COMMAND.fix(OTHER), 'run `ndx --help` for the list of commands');
    assert.equal(SIDECAR_ERROR_CODES.SIDECAR_NOT_SERVED.fix(OTHER), 'run `ndx extensions enable <name>`; install project extensions in the user source for the hub');
  });

  it('no fix text is patched afterwards by a regular expression', () => {
    const patching = [...files].filter(([, text]) => /\.fix\)?\s*\.replace\(|\.replace\([^)]*outboard/i.test(text)).map(([file]) => file);
    assert.deepEqual(patching, []);
  });
});
