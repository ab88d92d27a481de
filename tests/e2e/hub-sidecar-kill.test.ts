// `kill -9` of the process running the sidecar manager: within 2 s no sidecar process is left, the
// background grandchild in its process group included (the stdin lifetime pipe ends the sidecar, the
// host's watchdog ends its group).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alive, eventually, fetchText, sidecarHome, startRunner } from './hub-sidecar-home.js';

describe('a killed hub leaves no sidecar', () => {
  it('kill -9 of the manager: the sidecar and its grandchild are gone within 2 s', async () => {
    const home = sidecarHome(['grandchild', 'stubborn']);
    try {
      const runner = await startRunner(home.home);
      const pids = JSON.parse((await fetchText(runner.url('grandchild', '/pids'))).body) as { pid: number; grandchild: number };
      const stubborn = JSON.parse((await fetchText(runner.url('stubborn', '/pids'))).body) as { pid: number };
      const all = [pids.pid, pids.grandchild, stubborn.pid];
      assert.ok(all.every(alive), 'all run before the kill');
      const exited = new Promise((resolve) => runner.child.once('exit', resolve));
      runner.child.kill('SIGKILL');
      await exited;
      const killedAt = Date.now();
      const gone = await eventually(() => all.every((pid) => !alive(pid)), 2000);
      assert.ok(gone, `still running after ${Date.now() - killedAt} ms: ${all.filter(alive).join(', ')}`);
    } finally {
      home.cleanup();
    }
  });
});
