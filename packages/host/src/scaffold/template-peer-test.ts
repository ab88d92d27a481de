import type { ScaffoldFile, ScaffoldOptions } from './scaffold-types.js';

/**
 * The peer's own test, for Node and Python alike: it starts the peer as the host does, runs the handshake
 * and the action over the wire, and checks the peer exits when its stdin closes.
 * @param argv JavaScript expressions of the command and its arguments, e.g. `['process.execPath', "'peer.js'"]`.
 */
export function peerTestFile(o: ScaffoldOptions, argv: readonly string[]): ScaffoldFile {
  const P = o.envPrefix;
  const [program, ...args] = argv;
  return {
    path: 'test/peer.test.js',
    content: `// Starts the peer as the host does and speaks the protocol to it: handshake, one action, shutdown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('..', import.meta.url));

test('answers the handshake and runs ${o.name}.hello', async () => {
  const env = { ...process.env, ${P}_PEER_HOST: '${o.hostId}', ${P}_PEER_PROTOCOL: '1' };
  const peer = spawn(${program}, [${args.join(', ')}], { cwd: dir, env, stdio: ['pipe', 'pipe', 'inherit'] });
  const answers = new Map();
  createInterface({ input: peer.stdout }).on('line', (line) => {
    const message = JSON.parse(line);
    // The peer's own requests to the host ($/ping after activate): answered as the host does.
    if (typeof message.method === 'string') {
      if (message.id !== undefined) peer.stdin.write(\`\${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {} })}\\n\`);
      return;
    }
    answers.get(message.id)?.(message);
  });
  let next = 0;
  const call = (method, params) =>
    new Promise((resolve) => {
      const id = ++next;
      answers.set(id, resolve);
      peer.stdin.write(\`\${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\\n\`);
    });
  try {
    const init = await call('initialize', { protocol: { min: 1, max: 1 }, host: { name: '${o.hostId}', version: '${o.hostVersion}' }, instanceId: 'test', features: {}, extension: { name: '${o.name}', version: '0.1.0' } });
    assert.equal(init.result.name, '${o.name}');
    // Contributions are ids or the manifest's entries ({ id, title... }): the host reads either.
    assert.deepEqual(init.result.contributes.actions.map((a) => (typeof a === 'string' ? a : a.id)), ['${o.name}.hello']);
    assert.ok((await call('activate', { grants: { capabilities: ['ui.action.contribute'] }, context: {} })).result, 'activate answers a result');
    const hello = await call('actions/invoke', { id: '${o.name}.hello', args: { name: 'Ada' } });
    assert.deepEqual(hello.result, { view: { type: 'text', text: 'Hello, Ada!' } });
    assert.equal((await call('no/such')).error.data.code, 'method_not_found');
    await call('shutdown');
  } finally {
    peer.stdin.end();
  }
  const [code] = await once(peer, 'exit');
  assert.equal(code, 0);
});
`,
  };
}
