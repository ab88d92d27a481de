import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AgentAction } from '@outboard/host';
import { actionInput, actionToolName, actionTools, markdownTable, uniqueToolNames } from '../src/index.js';

function action(over: Partial<AgentAction> & { id: string }): AgentAction {
  return {
    extension: over.id.split('.')[0] as string,
    title: over.id,
    targets: ['global'],
    annotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    access: 'read-only',
    allowed: true,
    destructive: false,
    ...over,
  };
}

describe('tool names and inputs of actions', () => {
  it('names a tool <extension>_<action>, with only [A-Za-z0-9_-], at most 64 characters', () => {
    assert.equal(actionToolName('git', 'git.log'), 'git_log');
    assert.equal(actionToolName('git', 'git.log.show'), 'git_log_show');
    assert.equal(actionToolName('my-ext', 'my-ext.Do_it'), 'my-ext_Do_it');
    assert.equal(actionToolName('x', `x.${'a'.repeat(100)}`).length, 64);
  });

  it('built-in names win; later duplicates get a numbered suffix', () => {
    assert.deepEqual(uniqueToolNames(['a_b', 'a_b', 'ndx_search', 'a_b'], new Set(['ndx_search'])), ['a_b', 'a_b_2', 'ndx_search_2', 'a_b_3']);
  });

  it('offers only allowed actions; an object argsSchema is the input, another is the args property; projects add projectId', () => {
    const tools = actionTools(
      [
        action({ id: 'x.a', argsSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } }),
        action({ id: 'x.b', argsSchema: { type: 'string' }, targets: ['project'] }),
        action({ id: 'x.c', allowed: false }),
        action({ id: 'x.d', targets: ['global', 'project'], destructive: true }),
      ],
      new Set(),
      'ndx',
    );
    assert.deepEqual(tools.map((t) => t.tool.name), ['x_a', 'x_b', 'x_d']);
    const [a, b, d] = tools as [(typeof tools)[0], (typeof tools)[0], (typeof tools)[0]];
    assert.deepEqual(a.tool.inputSchema, { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] });
    assert.deepEqual(b.tool.inputSchema.required, ['args', 'projectId']);
    assert.deepEqual(actionInput(b, { args: 'hi', projectId: 'p1' }), { args: 'hi', projectId: 'p1' });
    assert.deepEqual(actionInput(a, { n: 1 }), { args: { n: 1 } });
    assert.equal(d.tool.inputSchema.required, undefined, 'a project is optional when it also runs globally');
    assert.match(d.tool.description ?? '', /asked first/);
    assert.match(String((d.tool.inputSchema.properties?.projectId as { description?: string }).description), /ndx_list_projects/);
    assert.deepEqual(actionInput(d, { projectId: 'p1', z: 1 }), { args: { z: 1 }, projectId: 'p1' });
  });

  it('a markdown table escapes pipes and line breaks of cells', () => {
    assert.equal(markdownTable(['a', 'b'], [['x|y', 'l1\nl2']]), '| a | b |\n| --- | --- |\n| x\\|y | l1 l2 |');
  });
});
