// A program (not a test): a SidecarFleet behind a bare loopback server for the home in argv[2], in a process
// of its own, so tests can measure its memory and kill it with SIGKILL. Prints `{"port":N,"pid":N}` once listening.
import { startSidecarHub } from './hub-sidecar-home.js';

const home = process.argv[2];
if (!home) throw new Error('usage: hub-sidecar-runner <home>');
const hub = await startSidecarHub(home);
process.stdout.write(`${JSON.stringify({ port: hub.port, pid: process.pid })}\n`);
process.on('SIGTERM', () => void hub.close().then(() => process.exit(0)));
