import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingDependencyLine, missingModuleLine } from '../../src/run/missing-module.js';

describe('missing module', () => {
  it("names the package of Node's ERR_MODULE_NOT_FOUND even when the stack trace follows it", () => {
    const tail = [
      'node:internal/modules/esm/resolve:854',
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'left-pad' imported from /x/peer.js",
      '    at packageResolve (node:internal/modules/esm/resolve:854:9)',
      '    at moduleResolve (node:internal/modules/esm/resolve:927:18)',
      "  code: 'ERR_MODULE_NOT_FOUND'",
      '}',
      '',
      'Node.js v20.19.0',
    ];
    assert.equal(missingModuleLine(tail, '/ext/my peer'), "missing module \"left-pad\": install it with `cd '/ext/my peer' && npm install left-pad`");
  });
  it('a subpath and a scope name the package; @outboard/* points at npm run pack', () => {
    assert.match(missingModuleLine(["Error: Cannot find module 'lodash/fp'"], '/e') ?? '', /"lodash".*npm install lodash`/);
    assert.match(missingModuleLine(["Cannot find package '@outboard/sdk' imported from /e/peer.js"], '/e') ?? '', /"@outboard\/sdk".*npm run pack/);
  });
  it("Python's ModuleNotFoundError names the top-level module and pip", () => {
    assert.equal(missingModuleLine(['Traceback (most recent call last):', "ModuleNotFoundError: No module named 'yaml.loader'"], '/e'), 'missing Python module "yaml": install it with `python3 -m pip install yaml`');
  });
  it('a missing file of the package itself, or an ordinary crash, is not a missing module', () => {
    assert.equal(missingModuleLine(["Error: Cannot find module '/e/lib/x.js'"], '/e'), undefined);
    assert.equal(missingModuleLine(["Error [ERR_MODULE_NOT_FOUND]: Cannot find module './x.js' imported from /e/p.js"], '/e'), undefined);
    assert.equal(missingModuleLine(['TypeError: x is not a function'], '/e'), undefined);
    assert.equal(missingModuleLine(["Cannot find package 'a;rm -rf' imported"], '/e'), undefined);
  });
  it('missingDependencyLine finds a declared dependency no node_modules above the package holds', () => {
    const root = mkdtempSync(join(tmpdir(), 'outboard-missing-'));
    try {
      const pkg = join(root, 'ext');
      mkdirSync(join(root, 'node_modules', 'present'), { recursive: true });
      writeFileSync(join(root, 'node_modules', 'present', 'package.json'), '{}');
      mkdirSync(pkg);
      writeFileSync(join(pkg, 'package.json'), JSON.stringify({ dependencies: { present: '1' } }));
      assert.equal(missingDependencyLine(pkg), undefined);
      writeFileSync(join(pkg, 'package.json'), JSON.stringify({ dependencies: { present: '1', absent: '1' } }));
      assert.match(missingDependencyLine(pkg) ?? '', /"absent"/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
