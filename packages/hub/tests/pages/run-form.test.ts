import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { argsFromForm, runForm } from '../../src/pages/run-form.js';

const frame = { hostId: 'ndx', formToken: 'tok', port: 1 };
const schema = {
  type: 'object',
  properties: { text: { type: 'string', description: 'what <to> say' }, count: { type: 'integer' }, loud: { type: 'boolean' }, mode: { enum: ['a', 'b'] } },
  required: ['text'],
};

describe('the Run form', () => {
  it('has a field per argsSchema property, required ones marked, a project choice for project actions, all escaped', () => {
    const html = runForm(frame, 'x', { id: 'x.say', title: 'Say <it>', targets: ['project'], argsSchema: schema }, [{ id: 'p1', name: 'P<1>', root: '/p' } as never]);
    assert.match(html, /name="arg\.text" type="text" required>/);
    assert.match(html, /name="arg\.count" type="number" step="1">/);
    assert.match(html, /type="checkbox" id="[^"]+" name="arg\.loud" value="true"/);
    assert.match(html, /<select id="[^"]+" name="arg\.mode"><option value=""><\/option><option>a<\/option><option>b<\/option><\/select>/);
    assert.match(html, /name="projectId" required><option value="p1">P&lt;1&gt; \(p1\)<\/option>/);
    assert.match(html, /what &lt;to&gt; say/);
    assert.match(html, /Say &lt;it&gt;/);
    assert.match(html, /name="_token" value="tok"/);
  });

  it('types the submitted args by the schema and leaves empty optional fields out', () => {
    const form = new URLSearchParams({ 'arg.text': 'hi', 'arg.count': '3', 'arg.mode': '' });
    assert.deepEqual(argsFromForm(schema, form), { text: 'hi', count: 3, loud: false });
    // Not a number: left as text, so the host's schema check names the field.
    assert.deepEqual(argsFromForm(schema, new URLSearchParams({ 'arg.text': 'a', 'arg.count': 'many', 'arg.loud': 'true' })), { text: 'a', count: 'many', loud: true });
    assert.deepEqual(argsFromForm(undefined, new URLSearchParams({ 'arg.x': '1' })), {});
  });
});
