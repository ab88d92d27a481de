// A hub in this process for the bus and RPC tests: an empty home, a Host (with plugins when given) whose bus
// the test publishes on, hub.json pointing at it so the CLI finds it, and clients for /api/events and /api/ws.
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { createHost, type Host, type HostPlugin } from '@outboard/host';
import { HubServer, ensureHubToken } from '@outboard/hub';
import { RecordingRouter } from './hub-home.js';
import { tempDir } from './lib/fixture-home.js';
import { runCliAsync, type AsyncCliRun } from './lib/start-cli.js';

/** A running in-process hub and its host. */
export interface TestBusHub {
  host: Host;
  home: string;
  root: string;
  port: number;
  token: string;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts a hub for a fresh home on an ephemeral port; `advertise` writes hub.json so the CLI uses it; `peers`
 * gives the hub its shared peers at start, as the daemon does (the stop/restart routes control them).
 */
export async function startBusHub(options: { plugins?: HostPlugin[]; advertise?: boolean; home?: string; env?: NodeJS.ProcessEnv; peers?: boolean } = {}): Promise<TestBusHub> {
  const tmp = tempDir('outboard-bus-');
  const home = options.home ?? join(tmp.path, 'home');
  const env = { ...process.env, OUTBOARD_HOME: home, ...options.env };
  const host = createHost({ identity: { id: 'outboard', version: '0.1.0' }, home, cwd: tmp.path, env, ...(options.home ? {} : { globalRoots: [] }), ...(options.plugins ? { plugins: options.plugins } : {}) });
  const token = ensureHubToken(home);
  const server = new HubServer({ host, router: new RecordingRouter(), token, ...(options.peers ? { peers: await host.peers() } : {}) });
  const port = await server.listen(0);
  const url = `http://127.0.0.1:${port}/`;
  if (options.advertise) writeFileSync(join(home, 'hub.json'), JSON.stringify({ url, pid: process.pid, port }));
  return {
    host,
    home,
    root: tmp.path,
    port,
    token,
    url,
    close: async () => {
      await server.close();
      await (await host.peers()).dispose();
      tmp.cleanup();
    },
  };
}

/** An open `/api/events` stream: its raw text so far, parsed records, and a way to wait and to close. */
export interface OpenStream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text(): string;
  /** Waits (bounded) until `check(text)` holds. */
  until(what: string, check: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  close(): void;
  /** Stops reading (the socket's buffers fill up). */
  pause(): void;
  closed: Promise<void>;
}

/** Opens `GET <path>` and keeps reading; resolves once the head arrived. */
export function openStream(port: number, path: string, headers: Record<string, string>): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers }, agent: false }, (res) => {
      let text = '';
      const waiters = new Set<() => void>();
      res.setEncoding('utf8').on('data', (d: string) => {
        text += d;
        for (const w of [...waiters]) w();
      });
      const closed = new Promise<void>((done) => res.on('close', () => done()));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => text,
        until: (what, check, timeoutMs = 5000) =>
          new Promise((ok, fail) => {
            if (check(text)) return ok(text);
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              fail(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; got:\n${text.slice(-2000)}`));
            }, timeoutMs);
            const waiter = (): void => {
              if (!check(text)) return;
              clearTimeout(timer);
              waiters.delete(waiter);
              ok(text);
            };
            waiters.add(waiter);
          }),
        close: () => req.destroy(),
        pause: () => res.pause(),
        closed,
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A JSON-RPC client over `/api/ws`: requests by id, and every notification received. */
export class WsClient {
  readonly notifications: Array<{ method: string; params: any }> = [];
  readonly #pending = new Map<number, (answer: any) => void>();
  readonly #waiters = new Set<() => void>();
  #nextId = 1;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      for (const one of Array.isArray(message) ? message : [message]) {
        if ('method' in one) this.notifications.push(one);
        else this.#pending.get(one.id)?.(one);
      }
      for (const w of [...this.#waiters]) w();
    });
  }

  /** Connects with the token (or without, to see the refusal). */
  static connect(port: number, token: string | undefined, query = '', path = '/api/ws'): Promise<WsClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${path}${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      ws.once('open', () => resolve(new WsClient(ws)));
      ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`refused ${res.statusCode}`), { status: res.statusCode })));
      ws.once('error', reject);
    });
  }

  /** Sends one request and resolves with its whole response. */
  call(method: string, params?: unknown): Promise<any> {
    const id = this.#nextId++;
    return this.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }, id);
  }

  /** Sends a raw message; with `id`, resolves with the response carrying it. */
  send(message: unknown, id?: number): Promise<any> {
    return new Promise((resolve) => {
      if (id !== undefined) this.#pending.set(id, resolve);
      this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
      if (id === undefined) resolve(undefined);
    });
  }

  /** Waits (bounded) until `check()` holds after some message. */
  until(what: string, check: () => boolean, timeoutMs = 5000): Promise<void> {
    return new Promise((ok, fail) => {
      if (check()) return ok();
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        fail(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const waiter = (): void => {
        if (!check()) return;
        clearTimeout(timer);
        this.#waiters.delete(waiter);
        ok();
      };
      this.#waiters.add(waiter);
    });
  }

  close(): void {
    this.ws.close();
  }
}

/** Runs the built CLI asynchronously (the hub in this process keeps answering), bounded to 30 s; `killAfterMs` sends SIGINT. */
export function cliAsync(args: string[], home: string, cwd: string, killAfterMs?: number): Promise<AsyncCliRun> {
  return runCliAsync(args, home, cwd, { stopAfterMs: killAfterMs });
}

/** The SSE events in `text`: each block's id, event name and parsed data. */
export function sseBlocks(text: string): Array<{ id?: string; event?: string; data?: any }> {
  return text
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const fields: Record<string, string> = {};
      for (const line of block.split('\n')) {
        const at = line.indexOf(': ');
        if (at > 0) fields[line.slice(0, at)] = line.slice(at + 2);
      }
      return { ...(fields.id !== undefined ? { id: fields.id } : {}), ...(fields.event !== undefined ? { event: fields.event } : {}), ...(fields.data !== undefined ? { data: JSON.parse(fields.data) } : {}) };
    });
}
