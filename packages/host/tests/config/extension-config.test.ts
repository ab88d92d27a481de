import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, ConfigService, ExtensionConfigValidator, formatConfigProblem, type ExtensionConfigSchema } from '../../src/config/index.js';

interface Setup {
  config: ConfigService;
  home: string;
  project: string;
  schemaDir: string;
}

function setup(t: { after(fn: () => void): void }, schemas: Record<string, ExtensionConfigSchema> = {}): Setup {
  const root = mkdtempSync(join(tmpdir(), 'config-schema-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const home = join(root, 'home');
  const project = join(root, 'project');
  const schemaDir = join(root, 'ext', 'schema');
  mkdirSync(project, { recursive: true });
  mkdirSync(schemaDir, { recursive: true });
  writeFileSync(join(project, 'package.json'), '{}');
  const config = new ConfigService({ hostId: 'ndx', home, cwd: project, schemaFor: (name) => schemas[name] });
  return { config, home, project, schemaDir };
}

const gitSchema = {
  type: 'object',
  properties: {
    depth: { type: 'integer', minimum: 1 },
    remote: { type: 'string' },
    mode: { enum: ['fast', 'safe'] },
    email: { type: 'string', format: 'email' },
  },
  required: ['remote', 'depth'],
  additionalProperties: false,
  'x-unknown-keyword': true,
};

test('a missing required key does not stop a write but is returned, and the run check reports it', async (t) => {
  const { config } = setup(t, { git: { schema: gitSchema } });
  const written = await config.set('extensions.git.depth', 3);
  assert.deepEqual(written.missing.map(formatConfigProblem), ['extensions.git.remote: required: is missing']);
  const run = await config.checkExtensionConfig('git', { requireAll: true });
  assert.deepEqual(run.value, { depth: 3 });
  assert.deepEqual(run.problems.map(formatConfigProblem), ['extensions.git.remote: required: is missing']);
  assert.equal(run.problems[0]?.missing, true);
  await config.set('extensions.git.remote', 'origin');
  assert.deepEqual((await config.checkExtensionConfig('git')).problems, []);
});

test('a type error stops the write with the JSON path and the rule, and leaves the file as it was', async (t) => {
  const { config, project } = setup(t, { git: { schema: gitSchema } });
  await config.set('extensions.git.depth', 3);
  const before = readFileSync(join(project, '.ndx.json'), 'utf8');
  await assert.rejects(config.set('extensions.git.depth', 'deep'), (error: unknown) => {
    assert.ok(error instanceof ConfigError);
    assert.equal(error.code, 'CONFIG_INVALID_VALUE');
    assert.ok(error.message.includes('extensions.git.depth: type: must be integer'), error.message);
    assert.ok(!error.message.includes('required'), 'missing keys are not blocking problems');
    assert.deepEqual(error.problems.map((p) => p.path), ['extensions.git.depth']);
    return true;
  });
  assert.equal(readFileSync(join(project, '.ndx.json'), 'utf8'), before);
  await assert.rejects(config.set('extensions.git.mode', 'slow'), /extensions\.git\.mode: enum: must be one of "fast", "safe"/);
  await assert.rejects(config.set('extensions.git.colour', 'red'), /extensions\.git\.colour: additionalProperties: is not a known key/);
  await assert.rejects(config.set('extensions.git.depth', 0), /extensions\.git\.depth: minimum: must be >= 1/);
});

test('formats are annotations and unknown keywords are ignored', async (t) => {
  const { config } = setup(t, { git: { schema: gitSchema } });
  const result = await config.set('extensions.git.email', 'not an email address');
  assert.equal(result.value, 'not an email address');
});

test('the merged section is what is checked: project values over user ones', async (t) => {
  const { config } = setup(t, { git: { schema: gitSchema } });
  await config.set('extensions.git', { remote: 'origin', depth: 5 }, { scope: 'user' });
  await config.set('extensions.git.depth', 1);
  assert.deepEqual((await config.checkExtensionConfig('git')).value, { remote: 'origin', depth: 1 });
  assert.deepEqual((await config.checkExtensionConfig('git')).problems, []);
  // A sidecar gets the user section alone; it has no problems of its own either.
  assert.deepEqual((await config.checkExtensionConfig('git', { scope: 'user' })).value, { remote: 'origin', depth: 5 });
  // A user write is also checked as the user section alone.
  await assert.rejects(config.set('extensions.git.remote', 7, { scope: 'user' }), /extensions\.git\.remote: type: must be string/);
});

test('draft 2020-12 is used when $schema names it (prefixItems, $defs, dependentRequired)', async (t) => {
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: { port: { type: 'integer', maximum: 65535 } },
    properties: {
      pair: { type: 'array', prefixItems: [{ type: 'string' }, { $ref: '#/$defs/port' }], items: false },
      host: { type: 'string' },
      port: { $ref: '#/$defs/port' },
    },
    dependentRequired: { host: ['port'] },
  };
  const { config } = setup(t, { net: { schema } });
  await config.set('extensions.net.pair', ['localhost', 8080]);
  await assert.rejects(config.set('extensions.net.pair', ['localhost', 'http']), /extensions\.net\.pair\.1: type: must be integer/);
  await assert.rejects(config.set('extensions.net.pair', ['a', 1, 'extra']), /extensions\.net\.pair/);
  await assert.rejects(config.set('extensions.net.port', 70000), /extensions\.net\.port: maximum: must be <= 65535/);
  const hostOnly = await config.set('extensions.net.host', 'example');
  assert.deepEqual(hostOnly.missing.map((p) => `${p.path} ${p.rule}`), ['extensions.net.port dependentRequired']);
  const validator = new ExtensionConfigValidator();
  assert.equal((await validator.compile('net', { schema })).draft, '2020-12');
  assert.equal((await validator.compile('git', { schema: gitSchema })).draft, 'draft-07');
});

test('draft-07 (explicit or by default) reads the tuple form of items and definitions', async (t) => {
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    definitions: { level: { enum: ['low', 'high'] } },
    properties: { pair: { items: [{ type: 'string' }, { $ref: '#/definitions/level' }], additionalItems: false } },
  };
  const { config } = setup(t, { d7: { schema } });
  await config.set('extensions.d7.pair', ['x', 'low']);
  await assert.rejects(config.set('extensions.d7.pair', ['x', 'medium']), /extensions\.d7\.pair\.1: enum: must be one of "low", "high"/);
});

test('$ref to sibling files resolves relative to the schema file, transitively', async (t) => {
  const { config, schemaDir } = setup(t);
  writeFileSync(join(schemaDir, 'config.json'), JSON.stringify({
    type: 'object',
    properties: { level: { $ref: 'common/levels.json#/definitions/level' }, retries: { $ref: 'common/levels.json#/definitions/count' } },
  }));
  mkdirSync(join(schemaDir, 'common'));
  writeFileSync(join(schemaDir, 'common', 'levels.json'), JSON.stringify({
    definitions: { level: { enum: ['debug', 'info'] }, count: { $ref: '../numbers.json' } },
  }));
  writeFileSync(join(schemaDir, 'numbers.json'), JSON.stringify({ type: 'integer', minimum: 0 }));
  const schema: ExtensionConfigSchema = { file: join(schemaDir, 'config.json') };
  await config.set('extensions.log.level', 'info', { schema });
  await assert.rejects(config.set('extensions.log.level', 'trace', { schema }), /extensions\.log\.level: enum/);
  await assert.rejects(config.set('extensions.log.retries', -1, { schema }), /extensions\.log\.retries: minimum: must be >= 0/);
  await config.set('extensions.log.retries', 2, { schema });
});

test('$ref to other documents can be served by a loader', async (t) => {
  const { config } = setup(t);
  const schema: ExtensionConfigSchema = {
    schema: { $id: 'https://example.test/schemas/app.json', properties: { size: { $ref: 'size.json' } } },
    loadRef: (uri) => {
      assert.equal(uri, 'https://example.test/schemas/size.json');
      return { type: 'number', maximum: 10 };
    },
  };
  await config.set('extensions.app.size', 4, { schema });
  await assert.rejects(config.set('extensions.app.size', 40, { schema }), /extensions\.app\.size: maximum/);
});

test('an invalid or unsupported schema is a clear error naming the schema file', async (t) => {
  const { config, schemaDir } = setup(t);
  const badType = join(schemaDir, 'bad.json');
  writeFileSync(badType, JSON.stringify({ properties: { depth: { type: 'integr' } } }));
  await assert.rejects(config.set('extensions.bad.depth', 1, { schema: { file: badType } }), (error: unknown) => {
    assert.ok(error instanceof ConfigError);
    assert.equal(error.code, 'CONFIG_SCHEMA_INVALID');
    assert.ok(error.message.includes(badType), error.message);
    assert.ok(error.message.includes('extension "bad"'), error.message);
    return true;
  });
  const missingRef = join(schemaDir, 'dangling.json');
  writeFileSync(missingRef, JSON.stringify({ properties: { x: { $ref: 'nowhere.json' } } }));
  await assert.rejects(config.set('extensions.dangling.x', 1, { schema: { file: missingRef } }), /dangling\.json.*"\$ref": "nowhere\.json"/s);
  const notJson = join(schemaDir, 'broken.json');
  writeFileSync(notJson, '{ nope');
  await assert.rejects(config.checkExtensionConfig('broken', { schema: { file: notJson } }), /broken\.json .*is not valid JSON/);
  await assert.rejects(
    config.checkExtensionConfig('old', { schema: { schema: { $schema: 'http://json-schema.org/draft-04/schema#' } } }),
    { code: 'CONFIG_SCHEMA_UNSUPPORTED' },
  );
});

test('missing keys inside anyOf/oneOf and then do not block a write; other failures there do', async (t) => {
  const schema = {
    type: 'object',
    properties: { kind: { enum: ['http', 'ssh'] }, url: { type: 'string' }, key: { type: 'string' }, port: { type: 'integer' } },
    oneOf: [
      { properties: { kind: { const: 'http' } }, required: ['kind', 'url'] },
      { properties: { kind: { const: 'ssh' } }, required: ['kind', 'key'] },
    ],
    if: { required: ['port'] },
    then: { required: ['kind'] },
    not: { required: ['legacy'] },
  };
  const { config } = setup(t, { remote: { schema } });
  const first = await config.set('extensions.remote.url', 'https://x');
  assert.ok(first.missing.length > 0);
  await config.set('extensions.remote.kind', 'http');
  assert.deepEqual((await config.checkExtensionConfig('remote')).problems, []);
  await assert.rejects(config.set('extensions.remote.kind', 'ftp'), /extensions\.remote\.kind: enum/);
  // `not: {required: [legacy]}` still forbids the key: relaxing never inverts a rule.
  await assert.rejects(config.set('extensions.remote.legacy', true), /extensions\.remote: not: must NOT be valid/);
});

test('compiled schemas are cached per validator instance; "paths" is not an extension', async (t) => {
  const { config } = setup(t);
  const validator = new ExtensionConfigValidator();
  const source = { schema: gitSchema };
  assert.equal(validator.compile('git', source), validator.compile('git', source));
  await assert.rejects(config.checkExtensionConfig('paths', { schema: source }), { code: 'CONFIG_RESERVED_NAME' });
  assert.deepEqual(await config.checkExtensionConfig('unschematised'), { value: {}, problems: [] });
});
