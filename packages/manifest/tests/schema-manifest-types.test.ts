// The TypeScript types and the JSON Schema describe the same fields: a sample that the compiler forces to
// carry every typed field must carry exactly the schema's fields, and must satisfy the schema.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ExtensionManifest } from '../src/index.js';
import { EXTENSION_MANIFEST_SCHEMA_V1 } from '../src/schema/index.js';
import { schemaViolations } from '../src/validate/schema-shape.js';
import { checkPackageJson } from '../src/validate/index.js';
import { FIXTURE_CONTEXT } from './sample-context.js';
import { samplePropertyPaths, schemaPropertyPaths } from './schema-paths.js';

/** Every optional field made required, all the way down, so a sample of it cannot leave a field out. */
type DeepRequired<T> = T extends (infer U)[] ? DeepRequired<U>[] : T extends object ? { [K in keyof T]-?: DeepRequired<T[K]> } : T;

// Missing a typed field is a compile error (DeepRequired); an untyped one is too (excess property check).
const EVERY_FIELD: DeepRequired<ExtensionManifest> = {
  $schema: './node_modules/@outboard/manifest/schema/extension-manifest.v1.schema.json',
  apiVersion: 1,
  name: 'git',
  publisher: 'acme',
  displayName: 'Git tools',
  description: 'Git actions and status',
  commands: [{ name: 'git', bin: 'bin/cli.js', exec: ['git-helper'], summary: 'Git helpers' }],
  sidecar: { bin: 'bin/serve.js', exec: ['./bin/serve.sh'], health: '/healthz', idleStopMinutes: 15, headersTimeoutSeconds: 30 },
  peer: { bin: 'peer/main.js', exec: ['python3', './peer/main.py'], activation: ['onAction', 'onEvent:project.*'] },
  hub: { label: 'Git', description: 'Branches and changes' },
  projectLinks: [{ label: 'Changes', path: '/project/{projectId}' }],
  configSchema: 'schema/config.json',
  contributes: {
    actions: [{ id: 'git.log', title: 'Open Git log', description: 'Shows the log', targets: ['project'], argsSchema: { type: 'object' }, annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } }],
    status: [{ id: 'git.branch', title: 'Branch' }],
    providers: [{ id: 'git.problems', kind: 'diagnostics', title: 'Git problems' }],
    views: [{ id: 'git.summary', title: 'Summary', where: ['project'], path: '/summary/{projectId}' }],
    rpc: ['git.getLog'],
    events: ['git.changed'],
    listeners: [{ type: 'git.dirty', label: 'Tree has changes', description: 'After a poll finds changes', attributes: { type: 'object' }, source: 'Git', filter: 'on branch {branch}', starter: 'When the tree has changes' }],
    automationTemplates: [
      {
        id: 'git.log-dirty',
        title: 'Log dirty trees',
        description: 'Shows the log when the tree changes',
        trigger: { type: 'git.dirty', filter: { branch: 'main' } },
        action: { id: 'git.log', args: { count: '{{event.attributes.changes}}' } },
        mode: 'queued',
        guard: 'Not for huge repositories',
        setup: 'Register the project first',
      },
    ],
  },
  capabilities: { required: ['projects.read'], optional: ['ui.notification'] },
  permissions: { hub: ['GET /api/hub/projects'] },
  limits: { memoryMb: 512, cpuPercent: 50, openFiles: 256, processes: 32 },
};

// A realistic manifest (one of bin/exec per runnable), typed as authors would type it.
const REALISTIC: ExtensionManifest = {
  ...EVERY_FIELD,
  commands: [
    { name: 'git', bin: 'bin/cli.js', summary: 'Git helpers' },
    { name: 'git-py', exec: ['python3', './bin/cli.py'] },
  ],
  sidecar: { bin: 'bin/serve.js', health: '/healthz', idleStopMinutes: 15 },
  peer: { exec: ['python3', './peer/main.py'], activation: ['onAction'] },
};

describe('manifest types and schema', () => {
  it('declare the same field paths', () => {
    const fromTypes = samplePropertyPaths(EVERY_FIELD, '', new Set(['contributes.actions[].argsSchema', 'contributes.listeners[].attributes', 'contributes.automationTemplates[].trigger.filter', 'contributes.automationTemplates[].action.args'])).sort();
    const fromSchema = schemaPropertyPaths(EXTENSION_MANIFEST_SCHEMA_V1).sort();
    assert.deepEqual(fromTypes, fromSchema);
    assert.ok(fromSchema.length >= 40, `only ${fromSchema.length} paths`);
  });

  it('the every-field sample satisfies the schema', () => {
    assert.deepEqual(schemaViolations(EVERY_FIELD), []);
  });

  it('a realistic typed manifest passes every rule', () => {
    const pkg = { name: '@acme/outboard-git', version: '1.0.0', engines: { outboard: '>=0.1.0' }, outboard: { extension: REALISTIC } };
    const result = checkPackageJson(pkg, FIXTURE_CONTEXT);
    assert.equal(result.kind, 'valid', JSON.stringify(result));
    assert.equal(result.kind === 'valid' && result.manifest, REALISTIC);
  });
});
