// host.resolveCommand: a typed verdict the CLI prints without matching on reason strings.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createHost, type ExtensionRecord, type Host } from '../../src/index.js';
import { decideCommand } from '../../src/run/command-verdict.js';
import { makeTempDir } from './run-fixtures.js';

const identity = { id: 'outboard', version: '0.1.0', builtins: ['extensions', 'ext', 'help', 'config'] };

function rec(key: string, state: ExtensionRecord['state'], commands: string[], extra: Partial<ExtensionRecord> = {}): ExtensionRecord {
  return {
    key,
    name: key,
    packageName: `pkg-${key}`,
    state,
    reason: state === 'enabled' ? '' : `${key} is ${state}.`,
    fix: undefined,
    source: 'user',
    manifest: { apiVersion: 1, name: key, commands: commands.map((name) => ({ name, summary: name, bin: 'x.js' })) },
    ...extra,
  } as ExtensionRecord;
}

describe('decideCommand', () => {
  const approvalOf = (): undefined => undefined;

  it('runs the one enabled owner; asks for approval of an unapproved one, with what changed', () => {
    const git = rec('git', 'enabled', ['gst']);
    assert.deepEqual(decideCommand({ name: 'gst', extensions: [git], identity, approvalOf }), { kind: 'run', extension: git, command: 'gst' });
    const fresh = rec('fresh', 'unapproved', ['fr']);
    assert.deepEqual(decideCommand({ name: 'fr', extensions: [fresh], identity, approvalOf }), { kind: 'needs-approval', extension: fresh, command: 'fr', reason: undefined });
    const changed = decideCommand({ name: 'fr', extensions: [fresh], identity, approvalOf: () => ({ status: 'changed', changes: ['version 1 → 2', 'manifest block changed'] }) });
    assert.equal(changed.kind === 'needs-approval' && changed.reason, 'version 1 → 2; manifest block changed');
  });

  it('names a conflict between extensions that both offer a command', () => {
    const a = rec('a', 'enabled', ['x']);
    const b = rec('b', 'unapproved', ['x']);
    assert.deepEqual(decideCommand({ name: 'x', extensions: [a, b, rec('c', 'disabled', ['x'])], identity, approvalOf }), { kind: 'conflict', extensions: [a, b] });
  });

  it('says why a hidden extension hides the command and gives the fix as a command or as prose', () => {
    const cases: Array<[ExtensionRecord['state'], { command?: string; text?: RegExp }]> = [
      ['disabled', { command: 'outboard extensions enable h' }],
      ['invalid', { command: 'outboard extensions doctor' }],
      ['conflict', { command: 'outboard extensions info h', text: /all but one/ }],
      ['incompatible', { command: 'outboard extensions info h', text: /outboard 0\.1\.0/ }],
    ];
    for (const [state, want] of cases) {
      const verdict = decideCommand({ name: 'hh', extensions: [rec('h', state, ['hh'])], identity, approvalOf });
      assert.equal(verdict.kind, 'hidden', state);
      if (verdict.kind !== 'hidden') continue;
      assert.equal(verdict.reason, `h is ${state}`);
      assert.equal(verdict.fix.command, want.command, state);
      if (want.text) assert.match(verdict.fix.text ?? '', want.text);
      else assert.equal(verdict.fix.text, undefined);
    }
    // Typing the extension's name instead of its command finds it too, when it is hidden.
    assert.equal(decideCommand({ name: 'h', extensions: [rec('h', 'disabled', ['hh'])], identity, approvalOf }).kind, 'hidden');
  });

  it('suggests a close built-in or enabled command for an unknown name, never a hidden one', () => {
    const exts = [rec('git', 'enabled', ['status']), rec('off', 'disabled', ['stash'])];
    assert.deepEqual(decideCommand({ name: 'statsu', extensions: exts, identity, approvalOf }), { kind: 'unknown', suggestions: ['status'], needsApproval: [] });
    assert.deepEqual(decideCommand({ name: 'confg', extensions: exts, identity, approvalOf }), { kind: 'unknown', suggestions: ['config'], needsApproval: [] });
    assert.deepEqual(decideCommand({ name: 'stas', extensions: [rec('off', 'disabled', ['stash2'])], identity, approvalOf }), { kind: 'unknown', suggestions: [], needsApproval: [] });
    assert.deepEqual(decideCommand({ name: 'qqqqqq', extensions: exts, identity, approvalOf }), { kind: 'unknown', suggestions: [], needsApproval: [] });
  });

  it("suggests an unapproved extension's command too, saying it needs approval and the command that gives it", () => {
    const hello = rec('greet', 'unapproved', ['hello']);
    assert.deepEqual(decideCommand({ name: 'helo', extensions: [hello], identity, approvalOf }), {
      kind: 'unknown',
      suggestions: ['hello', 'help'],
      needsApproval: [{ command: 'hello', extension: hello, changed: undefined, fix: { command: 'outboard extensions enable greet' } }],
    });
    // An enabled one needs nothing; one changed since approval says what changed; the fix uses the host's own id.
    assert.deepEqual(decideCommand({ name: 'helo', extensions: [rec('greet', 'enabled', ['hello'])], identity, approvalOf }), { kind: 'unknown', suggestions: ['hello', 'help'], needsApproval: [] });
    const changed = decideCommand({ name: 'hllo', extensions: [hello], identity: { ...identity, id: 'ndx' }, approvalOf: () => ({ status: 'changed', changes: ['version 1 → 2'] }) });
    assert.deepEqual(changed, { kind: 'unknown', suggestions: ['hello'], needsApproval: [{ command: 'hello', extension: hello, changed: 'version 1 → 2', fix: { command: 'ndx extensions enable greet' } }] });
  });
});

describe('host.resolveCommand', () => {
  const temp = makeTempDir();
  let make: () => Host;
  const dir = path.join(temp.dir, 'ext', 'hello');
  const write = (version: string): void => {
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'pkg-hello', version, engines: { outboard: '*' }, outboard: { extension: { apiVersion: 1, name: 'hello', commands: [{ name: 'hello', summary: 'hi', bin: 'hi.js' }] } } }));
  };

  before(() => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'hi.js'), '');
    write('1.0.0');
    const home = path.join(temp.dir, 'home');
    fs.mkdirSync(home);
    fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify({ extensions: { paths: [dir] } }));
    make = () => createHost({ identity: { id: 'outboard', version: '0.1.0' }, home, cwd: temp.dir, env: {}, globalRoots: [] });
  });
  after(() => temp.dispose());

  it('goes from never approved, to run, to changed since approval (naming the change)', async () => {
    const first = await make().resolveCommand('hello');
    assert.equal(first.kind, 'needs-approval');
    assert.equal(first.kind === 'needs-approval' && first.reason, undefined);
    const host = make();
    const ext = await host.findExtension('hello');
    assert.ok(ext?.name);
    await host.approvals.approve({ ...ext, name: ext.name }, { capabilities: [] });
    assert.equal((await make().resolveCommand('hello')).kind, 'run');
    write('1.0.1');
    const changed = await make().resolveCommand('hello');
    assert.equal(changed.kind, 'needs-approval');
    assert.match((changed.kind === 'needs-approval' && changed.reason) || '', /1\.0\.0 → 1\.0\.1/);
  });
});

describe('run digest: file names that are members of Object.prototype', () => {
  const temp = makeTempDir();
  // Installed in the user source: a linked (dev) folder's code is not pinned by its approval.
  const dir = path.join(temp.dir, 'home', 'extensions', 'node_modules', 'pkg-proto');
  let make: () => Host;
  before(() => {
    fs.mkdirSync(dir, { recursive: true });
    // Each name would be skipped (`in` sees inherited members) or swallowed (the `__proto__` setter) by a plain object.
    for (const file of ['constructor', 'toString', '__proto__']) fs.writeFileSync(path.join(dir, file), `// ${file}\n`);
    const commands = ['constructor', 'toString', '__proto__'].map((file, i) => ({ name: `proto${i}`, summary: 'x', exec: ['node', `./${file}`] }));
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'pkg-proto', version: '1.0.0', engines: { outboard: '*' }, outboard: { extension: { apiVersion: 1, name: 'proto', commands } } }));
    const home = path.join(temp.dir, 'home');
    make = () => createHost({ identity: { id: 'outboard', version: '0.1.0' }, home, cwd: temp.dir, env: {}, globalRoots: [] });
  });
  after(() => temp.dispose());

  it('asks again when any of them changes after approval, naming it', async () => {
    const host = make();
    const ext = await host.findExtension('proto');
    assert.ok(ext?.name);
    await host.approvals.approve({ ...ext, name: ext.name }, { capabilities: [] });
    assert.equal((await make().resolveCommand('proto0')).kind, 'run');
    for (const [i, file] of ['constructor', 'toString', '__proto__'].entries()) {
      fs.writeFileSync(path.join(dir, file), `// ${file} changed\n`);
      const changed = await make().resolveCommand(`proto${i}`);
      assert.equal(changed.kind, 'needs-approval', file);
      assert.match((changed.kind === 'needs-approval' && changed.reason) || '', new RegExp(`${file.replace(/_/g, '_')} changed since approval`));
      const again = make();
      const now = await again.findExtension('proto');
      assert.ok(now?.name);
      await again.approvals.approve({ ...now, name: now.name }, { capabilities: [] });
      assert.equal((await make().resolveCommand(`proto${i}`)).kind, 'run', `${file} approved again`);
    }
  });
});
