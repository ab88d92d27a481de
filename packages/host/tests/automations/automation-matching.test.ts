// The pure parts of automations: the index by type and project with attribute filters (equality and globs),
// argument templates, and the shape check of a new automation.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AutomationMatcher } from '../../src/automations/automation-matcher.js';
import { renderArgs, unknownPlaceholder } from '../../src/automations/arg-template.js';
import { parseAutomation } from '../../src/automations/automation-input.js';
import type { Automation } from '../../src/automations/automation-types.js';
import type { BusEvent } from '../../src/bus/bus-event.js';
import { isOutboardError } from '../../src/errors/outboard-error.js';

const event = (type: string, attributes: Record<string, string | number | boolean>, projectId?: string): BusEvent => ({ seq: 9, time: '2026-12-01T00:00:00.000Z', type, source: 'git', attributes, ...(projectId ? { scope: { projectId } } : {}) });
const automation = (id: string, trigger: Automation['trigger'], extra: Partial<Automation> = {}): Automation => ({ ...parseAutomation({ id, trigger, action: { id: 'notes.add' } }, 'outboard'), ...extra });

describe('AutomationMatcher', () => {
  const all = [
    automation('any', { type: 'git.dirty' }),
    automation('main', { type: 'git.dirty', filter: { branch: 'main' } }),
    automation('feature', { type: 'git.dirty', filter: { branch: 'feature/*', changes: 3 } }),
    automation('web', { type: 'git.dirty', project: 'web' }),
    automation('off', { type: 'git.dirty' }, { enabled: false }),
    automation('paused', { type: 'git.dirty' }, { paused: 'looped' }),
    automation('other', { type: 'git.clean' }),
  ];
  const matcher = new AutomationMatcher(all);
  const ids = (e: BusEvent) => matcher.match(e).map((a) => a.id);

  it('indexes only enabled, unpaused automations', () => assert.equal(matcher.size, 5));
  it('matches by type, attribute equality, globs across slashes, and project', () => {
    assert.deepEqual(ids(event('git.dirty', { branch: 'main' })), ['any', 'main']);
    assert.deepEqual(ids(event('git.dirty', { branch: 'feature/a/b', changes: 3 }, 'web')), ['any', 'feature', 'web']);
    assert.deepEqual(ids(event('git.dirty', { branch: 'feature/a', changes: 4 }, 'api')), ['any']);
    assert.deepEqual(ids(event('git.dirty', {})), ['any'], 'a filtered attribute that is absent never matches');
    assert.deepEqual(ids(event('git.changed', { branch: 'main' })), []);
  });
});

describe('argument templates', () => {
  const e = event('git.dirty', { branch: 'main', changes: 3 }, 'web');
  it('a whole placeholder keeps the type; inside text it becomes text; unknown attributes drop out', () => {
    assert.deepEqual(renderArgs({ n: '{{event.attributes.changes}}', text: '{{project.id}} on {{ event.attributes.branch }} ({{event.type}})', gone: '{{event.attributes.nope}}', list: ['{{event.seq}}'], fixed: 1 }, e), {
      n: 3,
      text: 'web on main (git.dirty)',
      list: [9],
      fixed: 1,
    });
  });
  it('names the first placeholder that names nothing', () => {
    assert.equal(unknownPlaceholder({ a: '{{event.attributes.x}}', b: ['{{project.name}}'] }), 'project.name');
    assert.equal(unknownPlaceholder({ a: '{{event.source}}' }), undefined);
  });
});

describe('parseAutomation', () => {
  it('fills defaults', () => {
    const a = parseAutomation({ trigger: { type: 'git.dirty' }, action: { id: 'notes.add' } }, 'outboard', new Date('2026-12-01T00:00:00Z'));
    assert.deepEqual(a, { id: 'notes-add', name: 'git.dirty → notes.add', trigger: { type: 'git.dirty' }, action: { id: 'notes.add' }, mode: 'single', max: 10, rateLimit: { count: 60, perSeconds: 60 }, enabled: true, createdAt: '2026-12-01T00:00:00.000Z' });
  });
  for (const [input, words] of [
    [{ trigger: { type: 'nodots' }, action: { id: 'a.b' } }, /trigger\.type/],
    [{ trigger: { type: 'a.b', filter: { x: [1] } }, action: { id: 'a.b' } }, /trigger\.filter/],
    [{ trigger: { type: 'a.b' }, action: { id: 'a.b' }, mode: 'sometimes' }, /mode must be one of single, restart, queued, parallel/],
    [{ trigger: { type: 'a.b' }, action: { id: 'a.b', args: { t: '{{secret}}' } } }, /\{\{secret\}\}, which names nothing/],
    [{ trigger: { type: 'a.b' }, action: { id: 'a.b' }, max: 0 }, /max must be an integer/],
  ] as const) {
    it(`refuses ${JSON.stringify(input)} naming the field`, () => {
      assert.throws(() => parseAutomation(input, 'ndx'), (error: unknown) => isOutboardError(error) && error.code === 'AUTOMATION_INVALID' && words.test(error.message) && /ndx automations add --help/.test(error.hint ?? ''));
    });
  }
});
