import { rmSync } from 'node:fs';
import { createHost } from '@outboard/host';
const home = '/tmp/lst/home';
const host = () => createHost({ identity: { id: 'outboard', version: '0.1.0' }, home, cwd: '/tmp/lst', env: {}, globalRoots: [] });
await host().extensions();
const r = [];
for (let i = 0; i < Number(process.env.N ?? 30); i++) {
  rmSync(home + '/extensions.json', { force: true });
  const t = performance.now();
  await host().extensions();
  r.push(performance.now() - t);
}
r.sort((a, b) => a - b);
console.log('cold median', r[r.length >> 1].toFixed(2));
