import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import type { SidecarMount } from './sidecar-router.js';
import { problem } from '../http/problem.js';
import { replyProblem } from '../http/reply.js';
import { withoutCredentialParams } from './credential-params.js';
import { forwardResponseHeaders, type ResponseContext } from './proxy-headers.js';
import { responseContext, sidecarRequestHeaders, type ProxyNames, type ProxyTarget } from './proxy-target.js';

/**
 * One request in flight: undici's dispatch handler, a class so a request costs one object rather than a
 * closure per callback (this runs for every proxied request).
 */
class ProxyExchange implements Dispatcher.DispatchHandlers {
  private abortRequest: ((error?: Error) => void) | undefined;
  private resumeReading: (() => void) | undefined;
  private done = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly context: ResponseContext,
    private readonly target: ProxyTarget,
    private readonly names: ProxyNames,
  ) {
    res.on('drain', this.onDrain);
    res.on('close', this.onClientClose);
  }

  /** The client's socket took what was waiting: read on from the sidecar. */
  private readonly onDrain = (): void => this.resumeReading?.();

  /** The client went away before the whole answer was sent: stop asking the sidecar. */
  private readonly onClientClose = (): void => {
    if (!this.done) this.abortRequest?.();
  };

  onConnect(abort: (error?: Error) => void): void {
    this.abortRequest = abort;
    if (this.res.destroyed) abort();
  }

  onHeaders(status: number, raw: Buffer[], resume: () => void, statusText: string): boolean {
    if (status < 200) return true; // 1xx: Node's server answers `Expect: 100-continue` itself
    this.resumeReading = resume;
    const rawHeaders = new Array<string>(raw.length);
    let type: string | undefined;
    for (let i = 0; i < raw.length; i++) {
      const text = (raw[i] as Buffer).toString('latin1');
      rawHeaders[i] = text;
      if (i % 2 === 1 && type === undefined && text.startsWith('text/event-stream') && (rawHeaders[i - 1] as string).toLowerCase() === 'content-type') type = text;
    }
    this.res.writeHead(status, statusText, forwardResponseHeaders(rawHeaders, this.context));
    // Server-sent events pass through live: the head goes at once, not with the first event.
    if (type !== undefined) this.res.flushHeaders();
    return true;
  }

  /** false (the client's socket is full) pauses reading from the sidecar until 'drain'. */
  onData(chunk: Buffer): boolean {
    return this.res.write(chunk);
  }

  onComplete(): void {
    this.done = true;
    this.res.end();
  }

  onError(error: Error & { code?: string }): void {
    this.done = true;
    const res = this.res;
    if (res.headersSent || res.writableEnded) {
      res.destroy();
      return;
    }
    const { name, logFile, headersTimeoutMs } = this.target;
    const host = { id: this.names.hostId };
    if (error.code === 'UND_ERR_HEADERS_TIMEOUT') replyProblem(this.req, res, problem(host, 'SIDECAR_NO_ANSWER', `the sidecar of ${name} did not answer within ${headersTimeoutMs / 1000} s; see its log: ${logFile}`, { status: 504 }));
    else replyProblem(this.req, res, problem(host, 'SIDECAR_NO_ANSWER', `the sidecar of ${name} did not answer (${error.code ?? error.message}); see its log: ${logFile}`));
  }
}

/**
 * Forwards one request to a sidecar and its answer back, streaming both ways. The upstream is the
 * target's undici pool, driven through `dispatch` (measured faster than `node:http` with a keep-alive
 * agent: see bench/hub-proxy.ts): the request body is read from the client as the sidecar takes it, and
 * each chunk of the answer is written to the client as it arrives, reading pausing while the client's
 * socket is full. Nothing is buffered whole; a `text/event-stream` answer has its headers flushed at once,
 * so events pass through live. A client that goes away aborts the upstream request; a sidecar that fails
 * before answering gets a 502 naming its log, after answering a cut body; one whose headers do not come
 * within the target's `headersTimeoutMs` a 504 naming its log (a body that has started is never timed).
 * The hub's token never leaves: its query parameters are removed from the path (see credential-params.ts).
 */
export function proxyHttp(req: IncomingMessage, res: ServerResponse, mount: SidecarMount, target: ProxyTarget, names: ProxyNames): void {
  // undici frames a streamed body itself (chunked when its length is unknown) and refuses Transfer-Encoding;
  // an `Expect: 100-continue` was answered by the hub's server already (undici refuses it too).
  const headers = sidecarRequestHeaders(req, mount, target, names, undefined, true);
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  const method = (req.method ?? 'GET') as Dispatcher.HttpMethod;
  const path = withoutCredentialParams(mount.path);
  target.dispatcher.dispatch({ path, method, headers, body: hasBody ? req : null }, new ProxyExchange(req, res, responseContext(req, mount, names), target, names));
}
