// Cold validation throughput: a fresh process imports the validator and checks 1,000 distinct package.json
// objects (valid and invalid). Anchor, measured side by side: the design the precompiled validator
// replaces, i.e. the same checks plus loading Ajv and compiling the schema once per process at run time.
// Usage: npx tsc -b packages/manifest && node packages/manifest/scripts/measure-validation.mjs [runs]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const runs = Math.min(Math.max(Number(process.argv[2] ?? 7), 1), 25);
const cwd = fileURLToPath(new URL('..', import.meta.url));

const corpus = `
const corpus = [];
for (let i = 0; i < 1000; i++) {
  const bad = i % 4 === 3;
  corpus.push({
    name: '@acme/ext-' + i, version: '1.0.' + i,
    engines: { outboard: i % 10 === 9 ? '>=9.0.0' : '>=0.1.0 <0.3.0' },
    outboard: { extension: {
      apiVersion: 1, name: bad ? 'Ext ' + i : 'ext-' + i, publisher: 'acme', displayName: 'Extension ' + i,
      commands: [{ name: 'ext-' + i, bin: bad ? '../cli.js' : 'bin/cli.js', summary: 'Command ' + i }],
      sidecar: { bin: 'bin/serve.js', health: '/healthz', idleStopMinutes: 15 },
      peer: { exec: bad ? 'python3 ./peer/main.py' : ['python3', './peer/main.py'], activation: ['onAction', 'onEvent:project.*'] },
      hub: { label: 'Ext ' + i }, projectLinks: [{ label: 'Open', path: '/project/{projectId}' }],
      configSchema: 'schema/config.json',
      contributes: { actions: [{ id: 'ext.run' + i, title: 'Run', targets: ['project'] }], status: [{ id: 'ext.state', title: 'State' }], rpc: ['ext.get'], events: ['ext.changed'] },
      capabilities: { required: ['projects.read'], optional: [bad ? 'project.read' : 'ui.notification'] },
      permissions: { hub: ['GET /api/hub/projects'] },
    } },
  });
}`;

const precompiled = `${corpus}
const t0 = performance.now();
const { checkPackageJson } = await import('@outboard/manifest/validate');
const t1 = performance.now();
const ctx = { hostId: 'outboard', hostVersion: '0.2.0', reservedNames: ['init', 'start'] };
const kinds = {};
checkPackageJson(corpus[0], ctx);
const t2 = performance.now();
for (const pkg of corpus) { const k = checkPackageJson(pkg, ctx).kind; kinds[k] = (kinds[k] ?? 0) + 1; }
const t3 = performance.now();
process.stdout.write(JSON.stringify({ importMs: t1 - t0, firstMs: t2 - t1, thousandMs: t3 - t2, coldTotalMs: t3 - t0, kinds }));`;

const runtimeAjv = `${corpus}
const t0 = performance.now();
const { checkPackageJson } = await import('@outboard/manifest/validate');
const { Ajv } = await import('ajv');
const { EXTENSION_MANIFEST_SCHEMA_V1 } = await import('@outboard/manifest/schema');
const validate = new Ajv({ allErrors: true, allowUnionTypes: true }).compile(EXTENSION_MANIFEST_SCHEMA_V1);
const t1 = performance.now();
const ctx = { hostId: 'outboard', hostVersion: '0.2.0', reservedNames: ['init', 'start'] };
checkPackageJson(corpus[0], ctx);
for (const pkg of corpus) { validate(pkg.outboard.extension); checkPackageJson(pkg, ctx); }
process.stdout.write(JSON.stringify({ coldTotalMs: performance.now() - t0, setupMs: t1 - t0 }));`;

const run = (script) => JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd, encoding: 'utf8', timeout: 60_000 }));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ours = [];
const anchor = [];
for (let i = 0; i < runs; i++) {
  ours.push(run(precompiled));
  anchor.push(run(runtimeAjv));
}
const m = (key) => median(ours.map((r) => r[key]));
const coldOurs = m('coldTotalMs');
const coldAnchor = median(anchor.map((r) => r.coldTotalMs));
process.stdout.write(`outcomes per 1,000: ${JSON.stringify(ours[0].kinds)}\n`);
process.stdout.write(`import @outboard/manifest/validate   median ${m('importMs').toFixed(1)} ms\n`);
process.stdout.write(`first checkPackageJson               median ${m('firstMs').toFixed(2)} ms\n`);
process.stdout.write(`1,000 checkPackageJson (after first) median ${m('thousandMs').toFixed(1)} ms (${m('thousandMs').toFixed(1)} µs each)\n`);
process.stdout.write(`cold: import + 1,001 checks           median ${coldOurs.toFixed(1)} ms\n`);
process.stdout.write(`anchor: same + load Ajv and compile the schema at run time: median ${coldAnchor.toFixed(1)} ms (setup ${median(anchor.map((r) => r.setupMs)).toFixed(1)} ms)\n`);
process.stdout.write(`ratio: anchor / precompiled = ${(coldAnchor / coldOurs).toFixed(2)}x (${runs} fresh processes each, interleaved)\n`);
