import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, getAtPath, mergeConfig, parseConfigKey, parseConfigValue, setAtPath, unsetAtPath, type ConfigObject } from '../../src/config/index.js';

test('parseConfigValue: JSON when it parses, else the raw string', () => {
  assert.equal(parseConfigValue('3'), 3);
  assert.equal(parseConfigValue('true'), true);
  assert.equal(parseConfigValue('null'), null);
  assert.equal(parseConfigValue('"quoted"'), 'quoted');
  assert.deepEqual(parseConfigValue('[1,"a"]'), [1, 'a']);
  assert.deepEqual(parseConfigValue('{"a":{"b":1}}'), { a: { b: 1 } });
  assert.equal(parseConfigValue('main'), 'main');
  assert.equal(parseConfigValue('{not json'), '{not json');
  assert.equal(parseConfigValue(''), '');
});

test('dotted keys: get, set creating objects, and unset pruning emptied parents', () => {
  const config: ConfigObject = {};
  setAtPath(config, parseConfigKey('extensions.git.depth'), 3);
  setAtPath(config, parseConfigKey('extensions.git.remote'), 'origin');
  assert.deepEqual(config, { extensions: { git: { depth: 3, remote: 'origin' } } });
  assert.equal(getAtPath(config, ['extensions', 'git', 'depth']), 3);
  assert.equal(getAtPath(config, ['extensions', 'nope', 'depth']), undefined);
  assert.equal(getAtPath({ list: ['a', 'b'] }, ['list', '1']), 'b');
  assert.equal(unsetAtPath(config, ['extensions', 'git', 'depth']), true);
  assert.deepEqual(config, { extensions: { git: { remote: 'origin' } } });
  assert.equal(unsetAtPath(config, ['extensions', 'git', 'remote']), true);
  assert.deepEqual(config, {});
  assert.equal(unsetAtPath(config, ['extensions', 'git', 'remote']), false);
});

test('setting through a non-object names the blocking key and the fix', () => {
  const config: ConfigObject = { extensions: { git: 5 } };
  assert.throws(() => setAtPath(config, ['extensions', 'git', 'depth'], 1), (error: unknown) => {
    assert.ok(error instanceof ConfigError);
    assert.equal(error.code, 'CONFIG_NOT_AN_OBJECT');
    assert.match(error.message, /extensions\.git holds a number \(5\), not an object/);
    assert.match(error.message, /Unset extensions\.git first/);
    return true;
  });
});

test('bad dotted keys are refused with CONFIG_INVALID_KEY', () => {
  for (const key of ['', 'a..b', '.a', 'a.', 'a.__proto__.b', 'constructor.x']) {
    assert.throws(() => parseConfigKey(key), { code: 'CONFIG_INVALID_KEY' }, key);
  }
  assert.deepEqual(parseConfigKey('a.b-c.d_e'), ['a', 'b-c', 'd_e']);
});

test('mergeConfig: project over user, objects deep-merged, arrays and scalars replaced, inputs untouched', () => {
  const user = { a: { x: 1, y: [1, 2], deep: { keep: true, change: 'user' } }, onlyUser: 1 };
  const project = { a: { y: [3], deep: { change: 'project' } }, onlyProject: null };
  const merged = mergeConfig(user, project);
  assert.deepEqual(merged, { a: { x: 1, y: [3], deep: { keep: true, change: 'project' } }, onlyUser: 1, onlyProject: null });
  assert.deepEqual(user.a.y, [1, 2]);
  (merged['a'] as { y: number[] }).y.push(9);
  assert.deepEqual(project.a.y, [3]);
  const polluted = JSON.parse('{"__proto__": {"polluted": true}}') as ConfigObject;
  assert.equal((mergeConfig({}, polluted) as { polluted?: boolean }).polluted, undefined);
});
