// Consent runs exactly what it showed, and sensitive powers are asked for one by one (issue 10 §2):
// - a package changed while the prompt is on screen is refused ("changed while you were deciding"), nothing runs;
// - in a terminal each sensitive capability (rpc.call, hub.request, projects.register) gets its own question and
//   the permissions.hub routes are listed; without a terminal they need --grant or --grant-all, and the command a
//   refusal suggests works in a shell without a terminal.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, runCliInTerminal, tempDir, writeFiles } from './lib/fixture-home.js';

const lines = (text: string) => text.split('\n').filter(Boolean);

function approvalsOf(home: string): Record<string, { grants: { capabilities: string[] } }> {
  const file = join(home, 'approvals.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { extensions: Record<string, { grants: { capabilities: string[] } }> }).extensions : {};
}

/** An extension `flip` whose command writes which bin ran into `<marks>/<bin>`. */
function writeFlip(home: string, marks: string): string {
  const dir = join(home, 'extensions', 'node_modules', 'outboard-ext-flip');
  const bin = (name: string) => `require('node:fs').writeFileSync(${JSON.stringify(join(marks, name))}, 'ran');\n`;
  writeFiles(dir, {
    'package.json': { name: 'outboard-ext-flip', version: '1.0.0', engines: { outboard: '*' }, outboard: { extension: { apiVersion: 1, name: 'flip', commands: [{ name: 'flip', bin: 'bin/a.js' }] } } },
    'bin/a.js': bin('a'),
    'bin/b.js': bin('b'),
  });
  return dir;
}

describe('consent: what was shown is what runs', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());

  for (const args of [['flip'], ['extensions', 'enable', 'flip']]) {
    it(`\`outboard ${args.join(' ')}\`: bin changed while the prompt is on screen → refused, nothing ran, nothing approved`, () => {
      const home = join(tmp.path, args.join('-'), 'home');
      const marks = join(tmp.path, args.join('-'), 'marks');
      writeFiles(marks, { '.keep': '' });
      const dir = writeFlip(home, marks);
      const flipBin = `const f=${JSON.stringify(join(dir, 'package.json'))};const fs=require('node:fs');fs.writeFileSync(f, fs.readFileSync(f,'utf8').replace('bin/a.js','bin/b.js'))`;
      const r = runCliInTerminal(args, [['[y/N]', 'y\n', [process.execPath, '-e', flipBin]]], { home });
      assert.equal(r.code, 2, r.output);
      assert.match(r.output, /Commands:\s+outboard flip \(node bin\/a\.js\)/);
      assert.match(r.output, /error: flip changed while you were deciding/);
      assert.equal(existsSync(join(marks, 'a')), false, 'the old bin did not run');
      assert.equal(existsSync(join(marks, 'b')), false, 'the new bin did not run');
      assert.equal(approvalsOf(home)['flip'], undefined, 'nothing approved');
    });
  }
});

describe('consent: sensitive capabilities one by one', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());
  const home = (label: string) => {
    const h = join(tmp.path, label);
    writeFiles(join(h, 'extensions', 'node_modules', 'outboard-ext-sens'), {
      'package.json': {
        name: 'outboard-ext-sens',
        version: '1.0.0',
        engines: { outboard: '*' },
        outboard: {
          extension: {
            apiVersion: 1,
            name: 'sens',
            commands: [{ name: 'sens', bin: 'bin/cli.js' }],
            capabilities: { required: ['rpc.call', 'projects.read'], optional: ['hub.request', 'ui.notification'] },
            permissions: { hub: ['GET /api/hub/projects', 'POST /api/hub/projects/*/refresh'] },
          },
        },
      },
      'bin/cli.js': "process.stdout.write('sens ran\\n');\n",
    });
    return h;
  };

  it('in a terminal: one question per sensitive capability, the hub routes listed; a no to an optional one leaves it out', () => {
    const h = home('terminal');
    const r = runCliInTerminal(['extensions', 'enable', 'sens', '--grant', 'hub.request'], [['Approve and enable sens? [y/N]', 'y\n'], ['grant rpc.call', 'y\n'], ['grant hub.request', 'n\n']], { home: h });
    assert.equal(r.code, 0, r.output);
    const out = r.output.replace(/\r\n/g, '\n');
    assert.match(out, /Hub routes:\s+GET \/api\/hub\/projects\n\s+POST \/api\/hub\/projects\/\*\/refresh/);
    assert.match(out, /Sensitive: grant rpc\.call \(Call RPC methods/);
    assert.match(out, /Sensitive: grant hub\.request \(Call the hub routes/);
    assert.doesNotMatch(out, /grant projects\.read/, 'not sensitive: no question of its own');
    assert.deepEqual(approvalsOf(h)['sens']?.grants.capabilities, ['projects.read', 'rpc.call']);
  });

  it('in a terminal: a no to a required sensitive capability approves nothing (exit 1)', () => {
    const h = home('terminal-no');
    const r = runCliInTerminal(['extensions', 'enable', 'sens'], [['Approve and enable sens? [y/N]', 'y\n'], ['grant rpc.call', 'n\n']], { home: h });
    assert.equal(r.code, 1, r.output);
    assert.match(r.output, /sens requires rpc\.call; without it, it cannot run/);
    assert.equal(approvalsOf(h)['sens'], undefined);
  });

  for (const args of [['extensions', 'enable', 'sens', '--yes'], ['sens']]) {
    it(`no terminal: \`outboard ${args.join(' ')}\` is refused (exit 2) and the command it suggests works without a terminal`, () => {
      const h = home(`pipe-${args.length}`);
      const r = runCli(args, { home: h });
      assert.equal(r.code, 2, r.stderr);
      assert.equal(lines(r.stderr).length, 1, r.stderr);
      const suggested = /`(outboard extensions enable [^`]+)`/.exec(r.stderr)?.[1];
      assert.equal(suggested, 'outboard extensions enable sens --yes --grant rpc.call', r.stderr);
      assert.equal(approvalsOf(h)['sens'], undefined);
      const fixed = runCli((suggested as string).split(' ').slice(1), { home: h });
      assert.equal(fixed.code, 0, fixed.stderr);
      assert.deepEqual(approvalsOf(h)['sens']?.grants.capabilities, ['projects.read', 'rpc.call']);
      const ran = runCli(['sens'], { home: h });
      assert.equal(ran.code, 0, ran.stderr);
      assert.equal(ran.stdout, 'sens ran\n');
    });
  }

  it('no terminal: --grant-all grants the sensitive ones too', () => {
    const h = home('grant-all');
    const r = runCli(['extensions', 'enable', 'sens', '--yes', '--grant-all'], { home: h });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(approvalsOf(h)['sens']?.grants.capabilities, ['hub.request', 'projects.read', 'rpc.call', 'ui.notification']);
  });
});
