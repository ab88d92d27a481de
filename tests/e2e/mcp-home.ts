// A home with peer extensions whose actions carry agent annotations, a hub running in this process on an
// ephemeral port (hub.json names it, so `outboard mcp` finds it), and MCP clients of the SDK that spawn the
// built CLI's `mcp` over stdio, as an agent's client does.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { startHub, type RunningHub } from '@outboard/hub';
import { CLI_MAIN, REPO_ROOT, runCli, tempDir, writeFiles } from './lib/fixture-home.js';
import { FIXTURE_PEER, PROTOCOL_URL, userPackageDir, writePeerPackage } from './lib/peer-package.js';


/** The actions of the fixture extension `mx`: one read-only, one destructive, one that only adds. */
export const MX_ACTIONS = [
  {
    id: 'mx.hello',
    title: 'Say hello',
    description: 'Greets, changing nothing.',
    targets: ['global', 'project'],
    argsSchema: { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: false },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  { id: 'mx.wipe', title: 'Wipe the cache', description: 'Deletes the cache.', argsSchema: { type: 'object', properties: { force: { type: 'boolean' } } } },
  { id: 'mx.append', title: 'Append a note', annotations: { destructiveHint: false } },
];

/** A temporary home, its in-process hub and the environment to run the CLI in. */
export interface McpHome {
  root: string;
  home: string;
  hub: RunningHub;
  env: NodeJS.ProcessEnv;
  /** `outboard <args>` in this home; fails the test when it does not exit 0. */
  cli(...args: string[]): string;
  /** Writes a peer extension `name` with `actions` into the user source (not approved). */
  install(name: string, actions: readonly object[]): void;
  close(): Promise<void>;
}

/** Installs and approves `mx` (agents: the default, read-only), then starts the hub. */
export async function mcpHome(): Promise<McpHome> {
  const tmp = tempDir('outboard-mcp-');
  const home = join(tmp.path, 'home');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const marks = join(tmp.path, 'marks.log');
  writeFileSync(marks, '');
  const env = { FIXTURE_PROTOCOL_URL: PROTOCOL_URL, FIXTURE_MARKS: marks };
  const cli = (...args: string[]): string => {
    const r = runCli(args, { home, cwd: tmp.path, env });
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
    return r.stdout + r.stderr;
  };
  const install = (name: string, actions: readonly object[]): void => {
    writePeerPackage(userPackageDir(home, name), { name, contributes: { actions } }, { peerFrom: FIXTURE_PEER });
  };
  install('mx', MX_ACTIONS);
  cli('extensions', 'enable', 'mx', '--yes');
  writeFiles(home, { 'projects.json': { format: 1, projects: { p1: { id: 'p1', name: 'p1', root: tmp.path, registeredAt: new Date().toISOString() } } } });
  const hub = await startHub({ host: { identity: { id: 'outboard', version: '0.1.0' }, home, env: { ...process.env, ...env, OUTBOARD_HOME: home }, globalRoots: [] }, port: 0 });
  return {
    root: tmp.path,
    home,
    hub,
    env,
    cli,
    install,
    close: async () => {
      await hub.stop('test over');
      tmp.cleanup();
    },
  };
}

/** An SDK client connected to `outboard mcp` of the home, with what the server wrote on stderr. */
export interface McpSession {
  client: Client;
  stderr(): string;
  close(): Promise<void>;
}

/** The `outboard` bin as installed: the bundled CLI (it imports the MCP adapter, @outboard/mcp, as installed). */
export const BUNDLED_MAIN = join(REPO_ROOT, 'packages', 'cli', 'dist', 'bundle', 'main.js');

/** Spawns the built CLI's `mcp` (`main`: the compiled sources by default) as an agent's client does, and initializes, declaring `capabilities`. */
export async function connectMcp(h: Pick<McpHome, 'home' | 'root' | 'env'>, capabilities: ClientCapabilities = {}, main = CLI_MAIN): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [main, 'mcp'],
    cwd: h.root,
    env: { ...(process.env as Record<string, string>), ...(h.env as Record<string, string>), OUTBOARD_HOME: h.home, NO_COLOR: '1' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'e2e-agent', version: '1.0.0' }, { capabilities });
  const stray: string[] = [];
  client.onerror = (error) => stray.push(error.message);
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr + (stray.length ? `\n[client errors] ${stray.join('; ')}` : ''),
    close: async () => {
      await client.close();
    },
  };
}

/** The `agent.call` events the hub published, oldest first. */
export function agentCalls(h: McpHome): Array<Record<string, unknown>> {
  return h.hub.host.bus.query({ types: ['agent.call'] }).map((e) => ({ ...e.attributes }));
}

/** The text of a tool result's content. */
export function textOf(result: unknown): string {
  return (((result as { content?: unknown }).content ?? []) as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('\n');
}

/** Polls until `check` holds; fails naming `what` after `ms`. */
export async function until<T>(what: string, check: () => T | Promise<T>, ms = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The approvals file, parsed. */
export function approvals(h: McpHome): { format: number; extensions: Record<string, { agents?: unknown }> } {
  return JSON.parse(readFileSync(join(h.home, 'approvals.json'), 'utf8')) as { format: number; extensions: Record<string, { agents?: unknown }> };
}
