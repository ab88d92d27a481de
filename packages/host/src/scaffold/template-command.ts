import type { ScaffoldFile, ScaffoldOptions } from './scaffold-types.js';

/** The command: arguments in, one line out, config read from the file the host hands it. */
export function commandFiles(o: ScaffoldOptions): ScaffoldFile[] {
  const P = o.envPrefix;
  return [
    {
      path: `bin/${o.name}.js`,
      content: `// An ${o.hostId} command is an ordinary program: arguments in, exit code out. The host runs it with its own
// Node and hands it its checked config section as a JSON file (${P}_EXTENSION_CONFIG).
import { readFileSync } from 'node:fs';

const configFile = process.env.${P}_EXTENSION_CONFIG;
const config = configFile ? JSON.parse(readFileSync(configFile, 'utf8')) : {};
const who = process.argv[2] ?? 'world';
process.stdout.write(\`\${config.greeting ?? 'Hello'}, \${who}!\\n\`);
`,
    },
    {
      path: 'schema/config.json',
      content: `${JSON.stringify(
        {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { greeting: { type: 'string', description: 'The word before the name', default: 'Hello' } },
          additionalProperties: false,
        },
        null,
        2,
      )}\n`,
    },
    {
      path: `test/${o.name}.test.js`,
      content: `// Runs the command as the host does: with Node, a config file and the user's arguments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = new URL('../bin/${o.name}.js', import.meta.url).pathname;

function run(config, ...args) {
  const dir = mkdtempSync(join(tmpdir(), '${o.name}-test-'));
  try {
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify(config));
    return execFileSync(process.execPath, [bin, ...args], { env: { ...process.env, ${P}_EXTENSION_CONFIG: file }, encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('greets the name it is given', () => {
  assert.equal(run({}, 'Ada'), 'Hello, Ada!\\n');
});

test('uses the greeting from its config', () => {
  assert.equal(run({ greeting: 'Ahoy' }, 'Ada'), 'Ahoy, Ada!\\n');
});
`,
    },
  ];
}
