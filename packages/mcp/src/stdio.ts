import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** The SDK's stdio transport (MCP messages on `stdout`, one per line; nothing else may write there). */
export function stdioTransport(stdin: Readable = process.stdin, stdout: Writable = process.stdout): Transport {
  return new StdioServerTransport(stdin, stdout);
}
