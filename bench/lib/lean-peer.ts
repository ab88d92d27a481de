// A Node peer as one would ship it: its own code and the protocol's peer side, bundled into one file by
// esbuild (bench/lib/peer-bench-home.ts does that), so a start parses one file instead of loading dozens of
// modules. It announces `<name>.hello`, `<name>.echo` and the search provider `<name>.search` (argv[2] is the
// extension name) and answers them.
import { Connection, StdioTransport, servePeerHandshake } from '@outboard/protocol';

const prefix = process.argv[2] ?? 'lp';
const connection = new Connection({ transport: new StdioTransport(), name: 'host' });
servePeerHandshake(connection, {
  name: process.env['OUTBOARD_EXTENSION_NAME'] ?? 'lean',
  version: '1.0.0',
  contributes: { actions: [`${prefix}.hello`], rpc: [`${prefix}.echo`], events: [`${prefix}.happened`], providers: [`${prefix}.search`] },
  capabilities: { required: ['ui.action.contribute'] },
});
connection.onRequest('actions/invoke', (params) => ({ notifications: [{ severity: 'info', message: `hello ${JSON.stringify((params as { args?: unknown }).args ?? {})}` }] }));
connection.onRequest('rpc/invoke', (params) => ({ echoed: (params as { params?: unknown }).params }));
// A search provider that answers at once (bench/provider-fanout.ts measures the host's fan-out around it).
connection.onRequest('providers/query', (params) => ({ items: [{ title: `${prefix} found ${(params as { query?: string }).query ?? ''}` }] }));
connection.onClose(() => process.exit(0));
connection.listen();
