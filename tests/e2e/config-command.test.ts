import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir, writeExtension, writeFiles } from './lib/fixture-home.js';

const readJson = (file: string): any => JSON.parse(readFileSync(file, 'utf8'));

describe('outboard config: dotted keys, JSON values, project and user files, merged reads', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const project = join(tmp.path, 'project');
  const other = join(tmp.path, 'other-project');
  const deep = join(project, 'src', 'lib');
  const cli = (args: string[], cwd = project) => runCli(args, { home, cwd });
  before(() => {
    writeFiles(project, { 'package.json': { name: 'app', private: true } });
    writeFiles(other, { 'package.json': { name: 'other', private: true } });
    mkdirSync(deep, { recursive: true });
  });
  after(() => tmp.cleanup());

  it('writes .outboard.json at the project root, from any folder inside it', () => {
    const r = cli(['config', 'tools.port', '8080'], deep);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`Set tools\\.port = 8080 in ${join(project, '.outboard.json')}`));
    assert.deepEqual(readJson(join(project, '.outboard.json')), { format: 1, tools: { port: 8080 } });
    assert.equal(existsSync(join(deep, '.outboard.json')), false);
    assert.equal(existsSync(join(home, 'config.json')), false);
  });

  it('parses values as JSON when they parse, else keeps the string', () => {
    const cases: Array<[string, unknown]> = [
      ['true', true],
      ['null', null],
      ['3.5', 3.5],
      ['-7', -7],
      ['-2.5e3', -2500],
      ['[1,"two"]', [1, 'two']],
      ['{"a":{"b":1}}', { a: { b: 1 } }],
      ['"42"', '42'],
      ['main', 'main'],
      ['hello world', 'hello world'],
      ['{not json', '{not json'],
    ];
    for (const [raw, value] of cases) {
      const r = cli(['config', 'values.v', raw]);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(readJson(join(project, '.outboard.json')).values.v, value, raw);
    }
    assert.equal(cli(['config', 'values.v']).stdout, '{not json\n');
  });

  it('--user writes <home>/config.json; reads print the merged value, project over user', () => {
    assert.equal(cli(['config', 'tools.port', '9000', '--user']).code, 0);
    assert.equal(cli(['config', 'tools.host', 'example.test', '--user']).code, 0);
    assert.deepEqual(readJson(join(home, 'config.json')), { format: 1, tools: { port: 9000, host: 'example.test' } });
    // In the project: the project's port wins, the user's host shows through.
    assert.equal(cli(['config', 'tools.port']).stdout.trim(), '8080');
    assert.equal(cli(['config', 'tools.host']).stdout.trim(), 'example.test');
    assert.deepEqual(JSON.parse(cli(['config', 'tools']).stdout), { port: 8080, host: 'example.test' });
    // In another project only the user's values apply.
    assert.equal(cli(['config', 'tools.port'], other).stdout.trim(), '9000');
    // A string read with --json is JSON.
    assert.equal(cli(['config', 'tools.host', '--json']).stdout.trim(), '"example.test"');
  });

  it('reading a key that is set nowhere exits 1 naming both files', () => {
    const r = cli(['config', 'tools.nope']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /tools\.nope is not set/);
    assert.ok(r.stderr.includes(join(home, 'config.json')) && r.stderr.includes(join(project, '.outboard.json')), r.stderr);
  });

  it('--unset removes a key from one file only', () => {
    assert.equal(cli(['config', 'tools.port', '--unset']).code, 0);
    assert.equal(cli(['config', 'tools.port']).stdout.trim(), '9000');
    assert.deepEqual(readJson(join(home, 'config.json')).tools, { port: 9000, host: 'example.test' });
  });

  it('bad keys and extra arguments are usage errors (exit 2)', () => {
    const empty = cli(['config', 'a..b', '1']);
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /^error: /);
    const extra = cli(['config', 'a', 'b', 'c']);
    assert.equal(extra.code, 2);
    assert.match(extra.stderr, /unexpected argument "c"/);
    const through = cli(['config', 'tools.host.inner', '1', '--user']);
    assert.equal(through.code, 2, through.stdout);
  });
});

describe('extensions.<name> sections are checked against the configSchema', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const project = join(tmp.path, 'project');
  const cli = (args: string[]) => runCli(args, { home, cwd: project });
  const mods = join(home, 'extensions', 'node_modules');
  before(() => {
    writeFiles(project, { 'package.json': { name: 'app', private: true } });
    // Draft 2020-12 with a local $ref into $defs.
    writeExtension(join(mods, 'outboard-ext-modern'), { name: 'modern', block: { configSchema: 'schema.json' } }, {
      'schema.json': {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        required: ['token'],
        properties: {
          token: { type: 'string' },
          port: { type: 'integer', minimum: 1, maximum: 65535 },
          mode: { enum: ['fast', 'safe'] },
          server: { $ref: '#/$defs/server' },
        },
        $defs: { server: { type: 'object', required: ['host'], properties: { host: { type: 'string' }, tls: { type: 'boolean' } } } },
      },
    });
    // Draft-07 with a $ref into definitions and one to a sibling file.
    writeExtension(join(mods, 'outboard-ext-classic'), { name: 'classic', block: { configSchema: 'config/schema.json' } }, {
      'config/schema.json': {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          retries: { $ref: '#/definitions/count' },
          colour: { $ref: 'colours.json#/definitions/colour' },
        },
        definitions: { count: { type: 'integer', minimum: 0 } },
      },
      'config/colours.json': { definitions: { colour: { type: 'string', enum: ['red', 'green'] } } },
    });
  });
  after(() => tmp.cleanup());

  it('a missing required key does not stop a write, and is named', () => {
    const r = cli(['config', 'extensions.modern.port', '8080']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /Still missing before the extension can run: extensions\.modern\.token/);
    assert.deepEqual(readJson(join(project, '.outboard.json')), { format: 1, extensions: { modern: { port: 8080 } } });
    const filled = cli(['config', 'extensions.modern.token', 'abc', '--user']);
    assert.equal(filled.code, 0, filled.stderr);
    assert.doesNotMatch(filled.stderr, /Still missing/);
  });

  it('a wrong type stops the write (exit 2), naming the JSON path and the rule', () => {
    const before = readFileSync(join(project, '.outboard.json'), 'utf8');
    const r = cli(['config', 'extensions.modern.port', '"eighty"']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /Not written: setting extensions\.modern\.port in .*\.outboard\.json/);
    assert.match(r.stderr, /extensions\.modern\.port: type: must be integer/);
    assert.equal(readFileSync(join(project, '.outboard.json'), 'utf8'), before);
    const range = cli(['config', 'extensions.modern.port', '70000']);
    assert.equal(range.code, 2);
    assert.match(range.stderr, /extensions\.modern\.port: maximum: /);
    const choice = cli(['config', 'extensions.modern.mode', 'reckless']);
    assert.equal(choice.code, 2);
    assert.match(choice.stderr, /extensions\.modern\.mode: enum: /);
    assert.equal(readFileSync(join(project, '.outboard.json'), 'utf8'), before);
  });

  it('follows $ref in draft 2020-12 ($defs)', () => {
    const bad = cli(['config', 'extensions.modern.server', '{"host": 42}']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /extensions\.modern\.server\.host: type: must be string/);
    const nested = cli(['config', 'extensions.modern.server.tls', '"yes"']);
    assert.equal(nested.code, 2);
    assert.match(nested.stderr, /extensions\.modern\.server\.tls: type: must be boolean/);
    // A required key inside the $ref'd object is only missing: written.
    const partial = cli(['config', 'extensions.modern.server.tls', 'true']);
    assert.equal(partial.code, 0, partial.stderr);
    assert.match(partial.stderr, /Still missing .*extensions\.modern\.server\.host/);
    assert.equal(cli(['config', 'extensions.modern.server', '{"host":"h.test","tls":false}']).code, 0);
    assert.deepEqual(JSON.parse(cli(['config', 'extensions.modern']).stdout), { port: 8080, server: { host: 'h.test', tls: false }, token: 'abc' });
  });

  it('follows $ref in draft-07 (definitions and a sibling file)', () => {
    const neg = cli(['config', 'extensions.classic.retries', '-1', '--user']);
    assert.equal(neg.code, 2);
    assert.match(neg.stderr, /extensions\.classic\.retries: minimum: /);
    const str = cli(['config', 'extensions.classic.retries', 'three', '--user']);
    assert.equal(str.code, 2);
    assert.match(str.stderr, /extensions\.classic\.retries: type: must be integer/);
    const colour = cli(['config', 'extensions.classic.colour', 'blue', '--user']);
    assert.equal(colour.code, 2);
    assert.match(colour.stderr, /extensions\.classic\.colour: enum: /);
    assert.equal(cli(['config', 'extensions.classic.retries', '3', '--user']).code, 0);
    assert.equal(cli(['config', 'extensions.classic.colour', 'green', '--user']).code, 0);
    assert.deepEqual(readJson(join(home, 'config.json')).extensions.classic, { retries: 3, colour: 'green' });
  });

  it('writing a whole section is checked too', () => {
    const r = cli(['config', 'extensions.classic', '{"retries": 1.5}', '--user']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /extensions\.classic\.retries: type: must be integer/);
  });

  it('a user write that the project would hide is still checked for what a sidecar sees (the user section alone)', () => {
    // The project sets a valid port; a bad user port would be hidden in the merge but is what a sidecar gets.
    const r = cli(['config', 'extensions.modern.port', '"x"', '--user']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /extensions\.modern\.port: type: must be integer/);
  });

  it('a key of an extension without a schema, or not installed, is written as is', () => {
    assert.equal(cli(['config', 'extensions.unknown-ext.anything', '{"x":[1]}']).code, 0);
    assert.deepEqual(readJson(join(project, '.outboard.json')).extensions['unknown-ext'], { anything: { x: [1] } });
  });
});
