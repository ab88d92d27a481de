import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileTypeGlob } from '../../src/bus/type-glob.js';
import { matchesActivation } from '../../src/peers/activation.js';

describe('matchesActivation', () => {
  it('matches onEvent: globs exactly as the bus does: * spans dots, ? is no wildcard', () => {
    const cases: Array<[string, string]> = [
      ['git.*', 'git.a.b'],
      ['*.changed', 'git.changed'],
      ['git.?', 'git.a'],
      ['git?', 'gitx'],
      ['project.*', 'project.registered'],
      ['project.*', 'projects.x'],
    ];
    for (const [glob, type] of cases) {
      const bus = glob.includes('?') ? false : compileTypeGlob(glob)(type);
      assert.equal(matchesActivation(`onEvent:${glob}`, 'onEvent', type), bus, `${glob} ${type}`);
    }
    assert.equal(matchesActivation('onEvent:git.?', 'onEvent', 'git.a'), false);
    assert.equal(matchesActivation('onEvent:', 'onEvent', 'git.a'), false);
  });

  it('matches onProject: globs against one file name with picomatch', () => {
    assert.equal(matchesActivation('onProject:*.csproj', 'onProject', 'app.csproj'), true);
    assert.equal(matchesActivation('onProject:*.csproj', 'onProject', 'app.csproj.bak'), false);
    assert.equal(matchesActivation('onProject:*.{cs,fs}proj', 'onProject', 'lib.fsproj'), true);
    assert.equal(matchesActivation('onProject:{package,deno}.json', 'onProject', 'deno.json'), true);
    assert.equal(matchesActivation('onProject:Cargo.tom?', 'onProject', 'Cargo.toml'), true);
    assert.equal(matchesActivation('onProject:*.json', 'onProject', '.eslintrc.json'), true);
    assert.equal(matchesActivation('onProject:package.json', 'onProject', 'packageXjson'), false);
  });

  it('ignores entries of another kind', () => {
    assert.equal(matchesActivation('onEvent:*', 'onProject', 'a'), false);
    assert.equal(matchesActivation('onAction', 'onEvent', 'a'), false);
  });
});
