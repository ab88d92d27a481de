import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ActionInputChecker, ActionInputError, CLI_ACTION_INPUT_NAMES, rewordActionInput } from '../../src/contributions/action-input.js';

const checker = new ActionInputChecker({ hostId: 'outboard', projectExists: (id) => id === 'web' || id === 'api' });
const ALL = { capabilities: ['ui.action.contribute'] };
const counter = { id: 'keeper.bump', extension: 'keeper', targets: ['global'], argsSchema: { type: 'object', properties: { by: { type: 'integer' } }, additionalProperties: false } };

async function refusal(promise: Promise<unknown>): Promise<ActionInputError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ActionInputError, String(error));
    return error;
  }
  assert.fail('expected a refusal');
}

describe('ActionInputChecker: argsSchema', () => {
  it('refuses args that break the schema, naming the field and the rule', async () => {
    const e = await refusal(checker.check(counter, { args: { by: 'x' } }, ALL));
    assert.equal(e.code, 'ACTION_ARGS_INVALID');
    assert.equal(e.exitCode, 2);
    assert.match(e.message, /argsSchema of action "keeper\.bump": args\.by: type: must be integer/);
    assert.deepEqual(e.problems, [{ path: 'args.by', rule: 'type', message: 'must be integer' }]);
  });

  it('refuses an array, a number and an unknown key where an object is declared', async () => {
    assert.match((await refusal(checker.check(counter, { args: [1] }, ALL))).message, /args: type: must be object/);
    assert.match((await refusal(checker.check(counter, { args: 5 }, ALL))).message, /args: type: must be object/);
    assert.match((await refusal(checker.check(counter, { args: { by: 1, extra: true } }, ALL))).message, /args\.extra: additionalProperties/);
  });

  it('passes valid args through, and {} when none are given', async () => {
    assert.deepEqual(await checker.check(counter, { args: { by: 2 } }, ALL), { args: { by: 2 } });
    assert.deepEqual(await checker.check(counter, {}, ALL), { args: {} });
    // An equal schema in another object is the same digest: still checked the same way.
    assert.deepEqual(await checker.check({ ...counter, argsSchema: JSON.parse(JSON.stringify(counter.argsSchema)) }, { args: { by: 3 } }, ALL), { args: { by: 3 } });
  });

  it('an action without argsSchema takes any args; an unusable schema refuses to run', async () => {
    assert.deepEqual(await checker.check({ ...counter, argsSchema: undefined }, { args: [1] }, ALL), { args: [1] });
    const e = await refusal(checker.check({ ...counter, argsSchema: { type: 'no-such-type' } }, { args: {} }, ALL));
    assert.equal(e.code, 'ACTION_ARGS_SCHEMA_INVALID');
    assert.match(e.message, /argsSchema of action "keeper\.bump" \(extension keeper\) is not a usable JSON Schema/);
  });
});

describe('ActionInputChecker: projects', () => {
  const both = { ...counter, argsSchema: undefined, targets: ['global', 'project'] };
  it('refuses --project on a global-only action', async () => {
    const e = await refusal(checker.check(counter, { projectId: 'web' }, ALL));
    assert.equal(e.code, 'ACTION_PROJECT_INVALID');
    assert.match(e.message, /does not run on projects \(targets: global\): drop "projectId"$/);
  });

  it('refuses a project that is not registered, then one outside the grants', async () => {
    assert.equal((await refusal(checker.check(both, { projectId: 'foo' }, ALL))).code, 'ACTION_PROJECT_UNKNOWN');
    const e = await refusal(checker.check(both, { projectId: 'api' }, { ...ALL, projects: ['web'] }));
    assert.equal(e.code, 'ACTION_PROJECT_OUT_OF_SCOPE');
    assert.match(e.message, /approved only for the projects "web", not "api"/);
  });

  it('requires a project for a project-only action, and passes a good one through', async () => {
    assert.equal((await refusal(checker.check({ ...both, targets: ['project'] }, {}, ALL))).code, 'ACTION_PROJECT_INVALID');
    assert.deepEqual(await checker.check(both, { projectId: 'web' }, { ...ALL, projects: ['web'] }), { projectId: 'web', args: {} });
  });
});

describe('ActionInputChecker: each surface names its own inputs', () => {
  it('by default the RPC params ("args", "projectId"), never the CLI flags', async () => {
    const args = await refusal(checker.check(counter, { args: { by: 'x' } }, ALL));
    assert.match(args.message, /^"args" do not match the argsSchema of action "keeper\.bump": args\.by: type: must be integer$/);
    assert.doesNotMatch(`${args.message} ${args.hint}`, /--args|--project/);
    const project = await refusal(checker.check({ ...counter, targets: ['project'] }, {}, ALL));
    assert.match(project.message, /runs on a project: pass "projectId"$/);
  });

  it("the CLI's flags when it passes its names, and a refusal worded for the RPC reworded with them", async () => {
    const args = await refusal(checker.check(counter, { args: { by: 'x' } }, ALL, CLI_ACTION_INPUT_NAMES));
    assert.match(args.message, /^--args do not match the argsSchema/);
    assert.match(args.hint ?? '', /^pass --args that match it \(`outboard actions list --json` shows each argsSchema\)$/);
    const project = await refusal(checker.check({ ...counter, targets: ['project'] }, {}, ALL, CLI_ACTION_INPUT_NAMES));
    assert.match(project.message, /runs on a project: pass --project <id>$/);
    const viaRpc = await refusal(checker.check(counter, { args: { by: 'x' } }, ALL));
    assert.equal(rewordActionInput(viaRpc.message, CLI_ACTION_INPUT_NAMES), args.message);
  });
});
