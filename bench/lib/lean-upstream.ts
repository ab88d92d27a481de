// A measurement, not shipped: how much a leaner upstream than undici would save per request. Plain node:net
// keep-alive sockets and Node's own C HTTP parser (`_http_common`'s HTTPParser, what node:http runs on), for
// bodiless requests only. It answers "is a hand-made upstream worth it" with figures in bench/hub-proxy.ts.
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { forwardResponseHeaders, type HeaderBag } from '@outboard/hub';

interface Parser {
  initialize(type: number, resource: object, maxHeaderSize: number, lenient: number): void;
  execute(data: Buffer): number | Error;
  [key: number]: unknown;
}
const { HTTPParser } = createRequire(import.meta.url)('_http_common') as { HTTPParser: { new (): Parser; RESPONSE: number; kOnHeadersComplete: number; kOnBody: number; kOnMessageComplete: number; kOnHeaders: number } };

/** One keep-alive connection with its parser and the answer it is feeding now. */
interface Connection {
  socket: net.Socket;
  parser: Parser;
  res: ServerResponse | undefined;
  basePath: string;
  head: boolean;
}

/** Keep-alive sockets to one port; a request takes an idle one or opens one. */
export class LeanUpstream {
  private readonly idle: Connection[] = [];

  constructor(private readonly port: number) {}

  request(method: string, path: string, headers: HeaderBag, res: ServerResponse, basePath: string): void {
    const c = this.idle.pop() ?? this.open();
    c.res = res;
    c.basePath = basePath;
    c.head = method === 'HEAD';
    let text = `${method} ${path} HTTP/1.1\r\n`;
    for (const name in headers) {
      const value = headers[name] as string | string[];
      if (typeof value === 'string') text += `${name}: ${value}\r\n`;
      else for (const v of value) text += `${name}: ${v}\r\n`;
    }
    c.socket.write(`${text}\r\n`, 'latin1');
  }

  private open(): Connection {
    const socket = net.connect({ host: '127.0.0.1', port: this.port });
    socket.setNoDelay(true);
    const parser = new HTTPParser();
    parser.initialize(HTTPParser.RESPONSE, {}, 0, 0);
    const c: Connection = { socket, parser, res: undefined, basePath: '/', head: false };
    parser[HTTPParser.kOnHeadersComplete] = (_maj: number, _min: number, raw: string[], _m: unknown, _u: unknown, status: number, message: string) => {
      if (status < 200) return 1;
      c.res?.writeHead(status, message, forwardResponseHeaders(raw, { basePath: c.basePath, ownCookiePrefix: 'outboard', requestHost: undefined }));
      return c.head ? 1 : 0;
    };
    let waiting = false;
    const resume = (): void => {
      waiting = false;
      socket.resume();
    };
    parser[HTTPParser.kOnBody] = (chunk: Buffer) => {
      const res = c.res;
      if (res && !res.write(chunk) && !waiting) {
        waiting = true;
        socket.pause();
        res.once('drain', resume);
      }
    };
    parser[HTTPParser.kOnMessageComplete] = () => {
      const res = c.res;
      if (!res || !res.headersSent) return; // a 1xx
      c.res = undefined;
      res.end();
      // Paused for this answer's backpressure: its 'drain' may never come once it ended.
      if (waiting) {
        res.removeListener('drain', resume);
        resume();
      }
      this.idle.push(c);
    };
    socket.on('data', (data: Buffer) => {
      const r = parser.execute(data);
      if (r instanceof Error) socket.destroy(r);
    });
    const fail = (): void => {
      const i = this.idle.indexOf(c);
      if (i !== -1) this.idle.splice(i, 1);
      c.res?.destroy();
    };
    socket.on('error', fail);
    socket.on('close', fail);
    return c;
  }
}
