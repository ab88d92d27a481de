import type { ScaffoldFile, ScaffoldOptions } from './scaffold-types.js';
import { SDK_PACKAGE } from './platform-packages.js';

/** A hub sidecar on `serveSidecar` of `@outboard/sdk`: a web page that answers only requests carrying the launch secret. */
export function sidecarFiles(o: ScaffoldOptions): ScaffoldFile[] {
  const P = o.envPrefix;
  return [
    {
      path: 'sidecar.js',
      content: `// A sidecar is a web server the hub starts on the first request to /x/${o.name}/ (docs/sidecars.md).
// serveSidecar (docs/sdk.md) listens on PORT at 127.0.0.1, answers only requests carrying the hub's launch
// secret (health probes and WebSocket upgrades included; the header is removed before this code sees it)
// and exits when stdin, the hub's lifetime pipe, closes.
import { serveSidecar, sidecarBasePath } from '${SDK_PACKAGE}';

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => \`&#\${c.charCodeAt(0)};\`);

await serveSidecar((req, res) => {
  // Links and assets are relative to the path the hub mounts this page under.
  const base = escape(sidecarBasePath(req));
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(\`<!doctype html><title>${o.name}</title><base href="\${base}"><h1>Hello from ${o.name}</h1>\\n\`);
});
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
  const env = { ...process.env, PORT: String(port), ${P}_EXTENSION_NAME: '${o.name}', ${P}_SIDECAR_SECRET: 's3cret' };
  const sidecar = spawn(process.execPath, ['sidecar.js'], { cwd: dir, env, stdio: ['pipe', 'inherit', 'inherit'] });
  try {
    const url = \`http://127.0.0.1:\${port}/\`;
    assert.equal((await fetchUntilUp(url, {})).status, 401);
    const page = await fetch(url, { headers: { 'x-${o.hostId}-sidecar-secret': 's3cret' } });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Hello from ${o.name}/);
    assert.equal((await fetch(url, { headers: { 'x-${o.hostId}-sidecar-secret': 'wrong!' } })).status, 401);
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
