import type { ScaffoldFile, ScaffoldOptions } from './scaffold-types.js';

/** A hub sidecar: a web page on `PORT` at 127.0.0.1 that answers only requests carrying the launch secret. */
export function sidecarFiles(o: ScaffoldOptions): ScaffoldFile[] {
  const P = o.envPrefix;
  return [
    {
      path: 'sidecar.js',
      content: `// A sidecar is a web server the hub starts on the first request to /x/${o.name}/ (docs/environment.md).
// It listens on PORT at 127.0.0.1 and answers only requests carrying the launch secret, health probes
// included; the hub adds that header, a browser never sees it. It exits when its stdin closes.
import { createServer } from 'node:http';
import { timingSafeEqual } from 'node:crypto';

const secret = Buffer.from(process.env.${P}_SIDECAR_SECRET ?? '');
if (secret.length === 0 || !process.env.PORT) {
  console.error('This is an ${o.hostId} sidecar: the hub starts it with PORT and ${P}_SIDECAR_SECRET.');
  process.exit(2);
}

function authorised(req) {
  const given = Buffer.from(String(req.headers['x-${o.hostId}-sidecar-secret'] ?? ''));
  return given.length === secret.length && timingSafeEqual(given, secret);
}

const server = createServer((req, res) => {
  if (!authorised(req)) {
    res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden\\n');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>${o.name}</title><h1>Hello from ${o.name}</h1>\\n');
});
// WebSocket upgrades need the secret too; this page has none, so every upgrade is refused.
server.on('upgrade', (req, socket) => socket.end(authorised(req) ? 'HTTP/1.1 404 Not Found\\r\\n\\r\\n' : 'HTTP/1.1 403 Forbidden\\r\\n\\r\\n'));
server.listen(Number(process.env.PORT), '127.0.0.1');
process.stdin.on('end', () => process.exit(0)).resume();
`,
    },
    {
      path: 'test/sidecar.test.js',
      content: `// Starts the sidecar as the hub does (PORT, secret) and checks it answers only with the secret.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('..', import.meta.url));

async function freePort() {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address();
  probe.close();
  return port;
}

async function fetchUntilUp(url, headers) {
  for (let i = 0; i < 100; i++) {
    try {
      return await fetch(url, { headers });
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(\`the sidecar did not answer at \${url}\`);
}

test('serves its page only to requests with the secret', async () => {
  const port = await freePort();
  const sidecar = spawn(process.execPath, ['sidecar.js'], { cwd: dir, env: { ...process.env, PORT: String(port), ${P}_SIDECAR_SECRET: 's3cret' }, stdio: ['pipe', 'inherit', 'inherit'] });
  try {
    const url = \`http://127.0.0.1:\${port}/\`;
    assert.equal((await fetchUntilUp(url, {})).status, 403);
    const page = await fetch(url, { headers: { 'x-${o.hostId}-sidecar-secret': 's3cret' } });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Hello from ${o.name}/);
    assert.equal((await fetch(url, { headers: { 'x-${o.hostId}-sidecar-secret': 'wrong!' } })).status, 403);
  } finally {
    sidecar.stdin.end();
  }
  const [code] = await once(sidecar, 'exit');
  assert.equal(code, 0);
});
`,
    },
  ];
}
