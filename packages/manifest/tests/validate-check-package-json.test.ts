import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatProblem } from '../src/index.js';
import type { ManifestContext, ManifestProblem, ManifestResult } from '../src/index.js';
import { checkPackageJson } from '../src/validate/index.js';
import { FIXTURE_CONTEXT } from './sample-context.js';

type Block = Record<string, unknown>;

function pkgWith(block: unknown, extra: Block = {}, hostId = 'outboard'): Block {
  return { name: '@acme/outboard-git', version: '1.0.0', engines: { [hostId]: '>=0.1.0' }, [hostId]: { extension: block }, ...extra };
}

const minimal = (more: Block = {}): Block => ({ apiVersion: 1, name: 'git', ...more });

function problemsOf(result: ManifestResult): ManifestProblem[] {
  return 'problems' in result ? result.problems : [];
}

function rulesOf(result: ManifestResult): string[] {
  return problemsOf(result).map((p) => p.rule);
}

describe('checkPackageJson: what counts as an extension', () => {
  it('is not-extension without <hostId>.extension, even when the host key holds other things', () => {
    assert.deepEqual(checkPackageJson({ name: 'lodash' }, FIXTURE_CONTEXT), { kind: 'not-extension' });
    assert.deepEqual(checkPackageJson({ name: 'x', outboard: { theme: 'dark' } }, FIXTURE_CONTEXT), { kind: 'not-extension' });
    assert.deepEqual(checkPackageJson({ name: 'x', outboard: 'yes' }, FIXTURE_CONTEXT), { kind: 'not-extension' });
  });

  it('reads the block and the range under the host id it is given, never a hard-coded one', () => {
    const ndx: ManifestContext = { hostId: 'ndx', hostVersion: '0.11.0', reservedNames: [] };
    assert.deepEqual(checkPackageJson(pkgWith(minimal()), ndx), { kind: 'not-extension' });
    const result = checkPackageJson(pkgWith(minimal({ name: 'Bad' }), {}, 'ndx'), ndx);
    assert.equal(result.kind, 'invalid');
    assert.deepEqual(problemsOf(result).map((p) => p.path), ['$.ndx.extension.name']);
    const quoted = checkPackageJson(pkgWith(minimal(), { engines: {} }, 'my-tool'), { ...ndx, hostId: 'my-tool' });
    assert.deepEqual(problemsOf(quoted).map((p) => [p.path, p.rule]), [['$.engines["my-tool"]', 'engines.missing']]);
    assert.match(problemsOf(quoted)[0]?.fix ?? '', /"engines": \{ "my-tool": ">=0\.11\.0" \}/);
  });

  it('reports a block that is not an object, and a package.json that is not one, with one problem', () => {
    for (const block of ['git', [], null, 3]) {
      const result = checkPackageJson(pkgWith(block), FIXTURE_CONTEXT);
      assert.deepEqual(rulesOf(result), ['block.type']);
      assert.equal(problemsOf(result)[0]?.path, '$.outboard.extension');
    }
    for (const pkg of [null, 'x', [1], 42]) {
      const result = checkPackageJson(pkg, FIXTURE_CONTEXT);
      assert.deepEqual(result, { kind: 'invalid', problems: [{ ...problemsOf(result)[0]!, packageName: '<unnamed package>', path: '$', rule: 'package.type' }] });
    }
  });

  it('labels problems with the package name, or <unnamed package>', () => {
    const unnamed = checkPackageJson({ engines: { outboard: '*' }, outboard: { extension: minimal({ name: 1 }) } }, FIXTURE_CONTEXT);
    assert.equal(problemsOf(unnamed)[0]?.packageName, '<unnamed package>');
  });
});

describe('checkPackageJson: outcomes', () => {
  it('returns the block itself as the manifest, unknown fields kept', () => {
    const block = minimal({ futureField: { anything: true } });
    const result = checkPackageJson(pkgWith(block), FIXTURE_CONTEXT);
    assert.equal(result.kind, 'valid');
    assert.equal(result.kind === 'valid' && result.manifest, block);
  });

  it('keeps collecting after the first problem, in document order, one line each', () => {
    const block = minimal({
      name: 'help',
      commands: [{ name: 'init', exec: 'python3 cli.py' }, { name: 'init', bin: '/abs.js' }],
      sidecar: { health: 'x', idleStopMinutes: -1 },
    });
    const result = checkPackageJson(pkgWith(block, { engines: { outboard: 'nope' } }), FIXTURE_CONTEXT);
    assert.equal(result.kind, 'invalid');
    assert.equal(result.kind === 'invalid' && result.name, 'help');
    assert.deepEqual(
      problemsOf(result).map((p) => `${p.path} ${p.rule}`),
      [
        '$.engines.outboard engines.range',
        '$.outboard.extension.name name.reserved',
        '$.outboard.extension.commands[0].name command.reserved',
        '$.outboard.extension.commands[0].exec exec.shell-string',
        '$.outboard.extension.commands[1].name command.reserved',
        '$.outboard.extension.commands[1].name command.duplicate',
        '$.outboard.extension.commands[1].bin bin.absolute',
        '$.outboard.extension.sidecar runnable.exactly-one',
        '$.outboard.extension.sidecar.health sidecar.health',
        '$.outboard.extension.sidecar.idleStopMinutes sidecar.idle-stop',
      ],
    );
    for (const p of problemsOf(result)) {
      const line = formatProblem(p);
      assert.doesNotMatch(line, /\n/);
      assert.equal(line, `${p.packageName}: ${p.path}: ${p.message} [${p.rule}] — fix: ${p.fix}`);
    }
  });

  it('does not repeat a rule problem as a schema problem at the same path', () => {
    const result = checkPackageJson(pkgWith(minimal({ peer: { exec: [] }, sidecar: { bin: 'a.js', idleStopMinutes: 0 } })), FIXTURE_CONTEXT);
    assert.deepEqual(rulesOf(result), ['exec.empty', 'sidecar.idle-stop']);
  });

  it('omits name from an invalid result when the name is not a readable string', () => {
    const result = checkPackageJson(pkgWith({ apiVersion: 1, name: 7 }), FIXTURE_CONTEXT);
    assert.deepEqual(Object.keys(result).sort(), ['kind', 'problems']);
    assert.deepEqual(rulesOf(result), ['schema.type']);
  });

  it('marks an unknown apiVersion incompatible, naming the version and the supported ones', () => {
    const block = { apiVersion: 3, name: 'git', commands: 'whatever the future holds' };
    const result = checkPackageJson(pkgWith(block), FIXTURE_CONTEXT);
    assert.equal(result.kind, 'incompatible');
    if (result.kind !== 'incompatible') return;
    assert.equal(result.manifest, block);
    assert.match(result.reason, /apiVersion 3/);
    assert.match(result.reason, /supports apiVersion 1/);
    assert.deepEqual(rulesOf(result), ['api-version.unsupported']);
  });

  it('still requires a valid name under an unknown apiVersion, since listing needs one', () => {
    assert.deepEqual(rulesOf(checkPackageJson(pkgWith({ apiVersion: 2, name: 'Git' }), FIXTURE_CONTEXT)), ['api-version.unsupported', 'name.slug']);
    assert.deepEqual(rulesOf(checkPackageJson(pkgWith({ apiVersion: 2 }), FIXTURE_CONTEXT)), ['api-version.unsupported', 'schema.required']);
  });

  it('treats a non-integer apiVersion as a shape error, not a future version', () => {
    assert.deepEqual(rulesOf(checkPackageJson(pkgWith(minimal({ apiVersion: 1.5 })), FIXTURE_CONTEXT)), ['schema.type']);
    assert.deepEqual(rulesOf(checkPackageJson(pkgWith(minimal({ apiVersion: '1' })), FIXTURE_CONTEXT)), ['schema.type']);
    assert.deepEqual(rulesOf(checkPackageJson(pkgWith({ name: 'git' }), FIXTURE_CONTEXT)), ['schema.required']);
  });

  it('marks a range excluding the running version incompatible, with the range and version in the reason', () => {
    const result = checkPackageJson(pkgWith(minimal(), { engines: { outboard: '>=0.3.0 <0.4.0' } }), FIXTURE_CONTEXT);
    assert.equal(result.kind, 'incompatible');
    assert.match(result.kind === 'incompatible' ? result.reason : '', /">=0\.3\.0 <0\.4\.0" excludes the running outboard 0\.2\.0/);
  });

  it('matches prerelease host versions (includePrerelease)', () => {
    const ctx = { ...FIXTURE_CONTEXT, hostVersion: '0.2.1-beta.1' };
    assert.equal(checkPackageJson(pkgWith(minimal(), { engines: { outboard: '>=0.1.0 <0.3.0' } }), ctx).kind, 'valid');
    assert.equal(checkPackageJson(pkgWith(minimal(), { engines: { outboard: '^0.2.0' } }), ctx).kind, 'valid');
  });

  it('is invalid, not incompatible, when both kinds of problem are present, and lists both', () => {
    const result = checkPackageJson(pkgWith(minimal({ name: 'x' }), { engines: { outboard: '>=9' } }), FIXTURE_CONTEXT);
    assert.equal(result.kind, 'invalid');
    assert.deepEqual(rulesOf(result).sort(), ['engines.excludes', 'name.reserved']);
  });

  it('asks for engines.<hostId> with a concrete example when it is missing or malformed', () => {
    const missing = checkPackageJson({ name: 'a', outboard: { extension: minimal() } }, FIXTURE_CONTEXT);
    assert.deepEqual(problemsOf(missing).map((p) => [p.path, p.rule]), [['$.engines.outboard', 'engines.missing']]);
    assert.match(problemsOf(missing)[0]?.fix ?? '', /"engines": \{ "outboard": ">=0\.2\.0" \}/);
    assert.deepEqual(rulesOf(checkPackageJson(pkgWith(minimal(), { engines: 'node 20' }), FIXTURE_CONTEXT)), ['engines.missing']);
    assert.deepEqual(rulesOf(checkPackageJson(pkgWith(minimal(), { engines: { outboard: 1 } }), FIXTURE_CONTEXT)), ['engines.range']);
    assert.deepEqual(rulesOf(checkPackageJson(pkgWith(minimal(), { engines: { outboard: ' ' } }), FIXTURE_CONTEXT)), ['engines.range']);
  });
});

describe('checkPackageJson: rules needing more than one fixture', () => {
  const check = (block: Block): ManifestProblem[] => problemsOf(checkPackageJson(pkgWith(block), FIXTURE_CONTEXT));

  it('reserves the host built-ins for the extension name as well as for commands', () => {
    const [p] = check(minimal({ name: 'actions' }));
    assert.equal(p?.rule, 'name.reserved');
    assert.match(p?.message ?? '', /built-in command or alias of outboard/);
  });

  it('gives the exact argv message for a shell string, and splits a plain one in the fix', () => {
    const [plain] = check(minimal({ peer: { exec: 'python3 ./peer/main.py' } }));
    assert.equal(plain?.message, 'exec must be an argv array such as ["python3", "./peer/main.py"]');
    assert.match(plain?.fix ?? '', /\["python3","\.\/peer\/main\.py"\]/);
    const [piped] = check(minimal({ peer: { exec: 'node main.js | tee log' } }));
    assert.equal(piped?.rule, 'exec.shell-string');
    assert.match(piped?.fix ?? '', /never runs a shell/);
    const [squeezed] = check(minimal({ peer: { exec: ['python3 ./peer/main.py'] } }));
    assert.deepEqual([squeezed?.rule, squeezed?.path], ['exec.shell-string', '$.outboard.extension.peer.exec[0]']);
  });

  it('accepts absolute and ./ programs, and arguments that are not package paths', () => {
    assert.deepEqual(check(minimal({ peer: { exec: ['/usr/bin/env', 'python3', '../not-a-path', 'a b'] } })), []);
    assert.deepEqual(check(minimal({ peer: { exec: ['./my tool.sh'] } })), []);
  });

  it('refuses Windows paths in bin: drive letters and UNC as absolute, other backslashes as such', () => {
    assert.deepEqual(check(minimal({ commands: [{ name: 'a', bin: 'C:/x.js' }] })).map((p) => p.rule), ['bin.absolute']);
    assert.deepEqual(check(minimal({ commands: [{ name: 'a', bin: '\\\\server\\x.js' }] })).map((p) => p.rule), ['bin.absolute']);
    assert.deepEqual(check(minimal({ commands: [{ name: 'a', bin: 'bin\\x.js' }] })).map((p) => p.rule), ['bin.backslash']);
  });

  it('suggests the nearest capability', () => {
    const [p] = check(minimal({ capabilities: { required: ['project.read'] } }));
    assert.match(p?.message ?? '', /did you mean "projects\.read"/);
  });

  it('accepts the capabilities a host registers', () => {
    const ctx = { ...FIXTURE_CONTEXT, capabilities: ['terminal.read'] };
    const result = checkPackageJson(pkgWith(minimal({ capabilities: { optional: ['terminal.read'] } })), ctx);
    assert.equal(result.kind, 'valid');
  });

  it('flags duplicate rpc methods and event types, and wildcard events', () => {
    const problems = check(minimal({ contributes: { rpc: ['git.b', 'git.b'], events: ['git.c', 'git.c', 'git.*'] } }));
    assert.deepEqual(problems.map((p) => `${p.path} ${p.rule}`), [
      '$.outboard.extension.contributes.rpc[1] contributes.duplicate-id',
      '$.outboard.extension.contributes.events[1] contributes.duplicate-id',
      '$.outboard.extension.contributes.events[2] events.type-name',
    ]);
  });

  it("refuses ids outside the extension's own namespace, naming the namespace's owner, and the host's namespaces", () => {
    const problems = check(
      minimal({
        name: 'aaa',
        contributes: { actions: [{ id: 'zzz.run', title: 'Run' }, { id: 'aaa.run', title: 'Run' }], status: [{ id: 'refresh', title: 'R' }], rpc: ['zzz.get'], events: ['project.registered', 'aaa.done'] },
      }),
    );
    assert.deepEqual(problems.map((p) => `${p.path} ${p.rule}`), [
      '$.outboard.extension.contributes.actions[0].id contributes.owned-id',
      '$.outboard.extension.contributes.status[0].id contributes.owned-id',
      '$.outboard.extension.contributes.rpc[0] contributes.owned-id',
      '$.outboard.extension.contributes.events[0] contributes.owned-id',
    ]);
    assert.match(problems[0]?.message ?? '', /"zzz\.run" is in the namespace of the extension named "zzz": the ids of extension "aaa" start with "aaa\."/);
    assert.match(problems[0]?.fix ?? '', /"aaa\.run"/);
    assert.match(problems[3]?.message ?? '', /host's namespace "project\."/);
    // An extension named like a host namespace owns nothing in it either.
    assert.deepEqual(check(minimal({ name: 'project', contributes: { rpc: ['project.get'] } })).map((p) => p.rule), ['contributes.owned-id']);
  });

  it('checks providers: owned ids, once each, a known kind; onProvider is an activation event', () => {
    const problems = check(
      minimal({
        name: 'aaa',
        peer: { bin: 'p.js', activation: ['onProvider'] },
        contributes: { providers: [{ id: 'zzz.find', kind: 'search', title: 'Find' }, { id: 'aaa.find', kind: 'search', title: 'Find' }, { id: 'aaa.find', kind: 'diagnostics', title: 'Again' }, { id: 'aaa.odd', kind: 'weather', title: 'Odd' }] },
      }),
    );
    assert.deepEqual(problems.map((p) => `${p.path} ${p.rule}`).sort(), [
      '$.outboard.extension.contributes.providers[0].id contributes.owned-id',
      '$.outboard.extension.contributes.providers[2].id contributes.duplicate-id',
      '$.outboard.extension.contributes.providers[3].kind schema.enum',
    ].sort());
  });

  it('checks views: owned ids, once each, known places, a runner for each kind, {projectId} only; onView is an activation event', () => {
    const problems = check(
      minimal({
        name: 'aaa',
        peer: { bin: 'p.js', activation: ['onView'] },
        contributes: {
          views: [
            { id: 'zzz.recent', title: 'Recent' },
            { id: 'aaa.recent', title: 'Recent', where: ['home', 'project'] },
            { id: 'aaa.recent', title: 'Again' },
            { id: 'aaa.odd', title: 'Odd', where: ['sidebar'] },
            { id: 'aaa.page', title: 'Page', path: '/p/{projectId}/{repo}' },
          ],
        },
      }),
    );
    assert.deepEqual(problems.map((p) => `${p.path} ${p.rule}`).sort(), [
      '$.outboard.extension.contributes.views[0].id contributes.owned-id',
      '$.outboard.extension.contributes.views[2].id contributes.duplicate-id',
      '$.outboard.extension.contributes.views[3].where[0] schema.enum',
      '$.outboard.extension.contributes.views[4].path view.placeholder',
      '$.outboard.extension.contributes.views[4].path view.runner',
    ].sort());
    const peerless = check(minimal({ name: 'aaa', sidecar: { bin: 's.js' }, contributes: { views: [{ id: 'aaa.v', title: 'V' }, { id: 'aaa.w', title: 'W', path: '/w?p={projectId}' }] } }));
    assert.deepEqual(peerless.map((p) => `${p.path} ${p.rule}`), ['$.outboard.extension.contributes.views[0] view.runner']);
    assert.match(peerless[0]?.message ?? '', /peer view .*no peer/);
  });

  it('refuses an onEvent glob that is not an event type glob (? is no wildcard there)', () => {
    const [p] = check(minimal({ peer: { bin: 'p.js', activation: ['onEvent:git.?', 'onEvent:git.*', 'onProject:*.cs?roj'] } }));
    assert.deepEqual([p?.rule, p?.path], ['peer.activation', '$.outboard.extension.peer.activation[0]']);
    assert.match(p?.message ?? '', /only \* is a wildcard/);
    assert.match(p?.fix ?? '', /"onEvent:git\.\*"/);
    assert.equal(check(minimal({ peer: { bin: 'p.js', activation: ['onEvent:git.?'] } })).length, 1);
  });

  it('refuses hub routes that are not plain paths, which the host could never send', () => {
    const routes = ['GET /api/hub/**', 'GET /api/hub/../admin', 'GET /api//x', 'GET /api\\x', 'GET /api/%2e%2e/x', 'GET /api/hub/projects/*', 'GET /api/hub/'];
    const problems = check(minimal({ permissions: { hub: routes } }));
    assert.deepEqual(problems.map((p) => p.path), [0, 1, 2, 3, 4].map((i) => `$.outboard.extension.permissions.hub[${i}]`));
    assert.ok(problems.every((p) => p.rule === 'permissions.hub-route'));
    assert.match(problems[0]?.fix ?? '', /"GET \/api\/hub\/\*"/);
    assert.match(problems[1]?.fix ?? '', /"GET \/api\/hub\/admin"/);
  });

  it('words hub route mistakes by kind', () => {
    const problems = check(minimal({ permissions: { hub: ['get /a', 'FETCH /b', 'GET a', 'GET /a /b'] } }));
    assert.deepEqual(problems.map((p) => p.rule), Array(4).fill('permissions.hub-route'));
    assert.match(problems[0]?.fix ?? '', /"GET \/a"/);
    assert.match(problems[1]?.message ?? '', /known HTTP method/);
  });

  it('checks activation globs and suggests the casing', () => {
    const problems = check(minimal({ peer: { bin: 'p.js', activation: ['onstartup', 'onProject:', 'onEvent:git.*'] } }));
    assert.deepEqual(problems.map((p) => p.path), ['$.outboard.extension.peer.activation[0]', '$.outboard.extension.peer.activation[1]']);
    assert.match(problems[0]?.message ?? '', /did you mean "onStartup"/);
  });

  it('flags unbalanced braces in project link paths', () => {
    const problems = check(minimal({ projectLinks: [{ label: 'x', path: '/p/{projectId' }] }));
    assert.deepEqual(problems.map((p) => p.rule), ['project-link.placeholder']);
  });

  it('does not mistake inherited keys for manifest fields', () => {
    const result = checkPackageJson(JSON.parse('{"name":"a","engines":{"outboard":"*"},"outboard":{"extension":{"apiVersion":1,"name":"git","__proto__":{"commands":7}}}}'), FIXTURE_CONTEXT);
    assert.equal(result.kind, 'valid');
    assert.equal(checkPackageJson(JSON.parse('{"name":"a","constructor":{"extension":1}}'), { ...FIXTURE_CONTEXT, hostId: 'constructor' }).kind, 'invalid');
    assert.deepEqual(checkPackageJson({ name: 'a' }, { ...FIXTURE_CONTEXT, hostId: 'toString' }), { kind: 'not-extension' });
  });
});

describe('checkPackageJson: the context is the caller’s contract', () => {
  const bad: Array<[string, unknown]> = [
    ['hostId', { ...FIXTURE_CONTEXT, hostId: '' }],
    ['hostVersion', { ...FIXTURE_CONTEXT, hostVersion: 'latest' }],
    ['reservedNames', { ...FIXTURE_CONTEXT, reservedNames: 'init' }],
    ['capabilities', { ...FIXTURE_CONTEXT, capabilities: [1] }],
    ['apiVersions', { ...FIXTURE_CONTEXT, apiVersions: [2] }],
    ['apiVersions', { ...FIXTURE_CONTEXT, apiVersions: [] }],
  ];
  for (const [field, ctx] of bad) {
    it(`throws a TypeError naming ${field}`, () => {
      assert.throws(() => checkPackageJson(pkgWith(minimal()), ctx as ManifestContext), (e: unknown) => e instanceof TypeError && e.message.includes(`ManifestContext.${field}`));
    });
  }
});
