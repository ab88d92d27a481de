/**
 * The server half of bench/protocol-roundtrip: run as a child process with one argument naming the
 * implementation (`ours`, `vscode`, `mcp`, `bare`); answers `echo` with its params over stdin/stdout.
 */
// Each mode imports only its own library, so no side pays for loading the others.

async function serveOurs(): Promise<void> {
  const { Connection, StdioTransport } = await import('@outboard/protocol');
  const connection = new Connection({ transport: new StdioTransport(), name: 'bench-client' });
  connection.onRequest('echo', (params) => params);
  connection.listen();
}

async function serveVscode(): Promise<void> {
  const { StreamMessageReader, StreamMessageWriter, createMessageConnection } = await import('vscode-jsonrpc/node');
  const connection = createMessageConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
  connection.onRequest('echo', (params: unknown) => params);
  connection.listen();
  process.stdin.on('end', () => process.exit(0));
}

async function serveMcp(): Promise<void> {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const { RawMcpProtocol } = await import('./protocol-bench-mcp.js');
  const protocol = new RawMcpProtocol();
  protocol.fallbackRequestHandler = async (request) => (request.params ?? {}) as Record<string, unknown>;
  await protocol.connect(new StdioServerTransport());
  process.stdin.on('end', () => process.exit(0));
}

function serveBare(): void {
  // The floor: split on newline, JSON.parse, JSON.stringify + newline, one write per answer.
  let buffered = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    buffered += chunk;
    let nl = buffered.indexOf('\n');
    while (nl !== -1) {
      const message = JSON.parse(buffered.slice(0, nl)) as { id: number; params: unknown };
      buffered = buffered.slice(nl + 1);
      process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: message.params }) + '\n');
      nl = buffered.indexOf('\n');
    }
  });
  process.stdin.on('end', () => process.exit(0));
}

// The anchors add a 'drain' listener per write under load; that is their design, not a leak to report.
process.stdout.setMaxListeners(0);
const mode = process.argv[2];
if (mode === 'ours') void serveOurs();
else if (mode === 'vscode') void serveVscode();
else if (mode === 'mcp') void serveMcp();
else if (mode === 'bare') serveBare();
else {
  process.stderr.write(`unknown mode ${String(mode)}; use ours, vscode, mcp or bare\n`);
  process.exit(2);
}
