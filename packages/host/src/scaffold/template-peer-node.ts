import type { ScaffoldFile, ScaffoldOptions } from './scaffold-types.js';
import { peerTestFile } from './template-peer-test.js';

/**
 * A Node peer with no dependencies: the protocol's handshake and one action over newline-delimited
 * JSON-RPC (docs/protocol.md), so the package runs as soon as it is linked, with nothing to install.
 */
export function nodePeerFiles(o: ScaffoldOptions): ScaffoldFile[] {
  const P = o.envPrefix;
  return [
    {
      path: 'peer.js',
      content: `// A peer is a long-lived process speaking JSON-RPC 2.0 over stdin/stdout, one JSON object per line
// (docs/protocol.md). stdout is the wire: log with console.error only. The host starts it on the first
// \`${o.hostId} actions run ${o.name}.hello\` and stops it when idle or when the host stops.
// This starter answers each request as it comes and ignores cancellation and progress; docs/protocol.md
// has the rest of the wire (\$/cancelRequest, \$/progress, the 1 MiB limit, calling the host).
import { createInterface } from 'node:readline';

const NAME = '${o.name}';
const PROTOCOL = { min: 1, max: 1 };
const CODES = { invalid_request: -32600, method_not_found: -32601, invalid_params: -32602, internal: -32603, not_found: -32006 };

class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

// Started by hand? Say what this is instead of waiting for a handshake on the terminal.
if (process.stdin.isTTY && !process.env.${P}_PEER_PROTOCOL) {
  console.error(\`This is an ${o.hostId} peer: ${o.hostId} starts it. Try \\\`${o.hostId} actions run \${NAME}.hello\\\`.\`);
  process.exit(2);
}

let state = 'waiting';
const handlers = {
  initialize(params) {
    if (state !== 'waiting') throw new RpcError('invalid_request', 'initialize was already received');
    const host = params?.protocol ?? {};
    const version = Math.min(host.max ?? 0, PROTOCOL.max);
    if (version < Math.max(host.min ?? 0, PROTOCOL.min)) throw new RpcError('invalid_params', \`no common protocol version with \${JSON.stringify(host)}\`);
    state = 'initialized';
    return { protocol: version, name: NAME, version: '0.1.0', contributes: { actions: [\`\${NAME}.hello\`] }, capabilities: { required: ['ui.action.contribute'] } };
  },
  activate() {
    if (state !== 'initialized') throw new RpcError('invalid_request', 'activate must follow initialize, once');
    state = 'ready';
    return { ready: true };
  },
  shutdown: () => null,
  '$/ping': () => ({}),
  'actions/invoke'(params) {
    if (params?.id !== \`\${NAME}.hello\`) throw new RpcError('not_found', \`no action \${params?.id}\`);
    const who = typeof params.args?.name === 'string' ? params.args.name : 'world';
    return { view: { kind: 'text', text: \`Hello, \${who}!\` } };
  },
};

function send(message) {
  process.stdout.write(\`\${JSON.stringify({ jsonrpc: '2.0', ...message })}\\n\`);
}

async function answer({ id, method, params }) {
  try {
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
    if (!handler) throw new RpcError('method_not_found', \`no handler for "\${method}"\`);
    send({ id, result: (await handler(params)) ?? null });
  } catch (error) {
    const code = error instanceof RpcError ? error.code : 'internal';
    send({ id, error: { code: CODES[code], message: String(error?.message ?? error), data: { code } } });
  }
}

createInterface({ input: process.stdin, crlfDelay: Infinity })
  .on('line', (line) => {
    if (!line.trim()) return;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return send({ id: null, error: { code: -32700, message: 'the message is not valid JSON', data: { code: 'parse_error' } } });
    }
    // Requests get an answer; notifications ($/cancelRequest...) and answers to us are not used here.
    if (typeof message?.method === 'string' && message.id !== undefined) void answer(message);
  })
  .on('close', () => process.exit(0));
`,
    },
    peerTestFile(o, ['process.execPath', "'peer.js'"]),
  ];
}
