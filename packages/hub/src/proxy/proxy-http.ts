import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import type { SidecarMount } from '../server/sidecar-router.js';
import { answerError } from './error-answer.js';
import { forwardResponseHeaders } from './proxy-headers.js';
import { sidecarRequestHeaders, type ProxyNames, type ProxyTarget } from './proxy-target.js';

/**
 * Forwards one request to a sidecar and its answer back, streaming both ways. The upstream is the
 * target's undici pool, driven through `dispatch` (measured faster than `node:http` with a keep-alive
 * agent: see bench/hub-proxy.ts): the request body is read from the client as the sidecar takes it, and
 * each chunk of the answer is written to the client as it arrives, reading pausing while the client's
 * socket is full. Nothing is buffered whole; a `text/event-stream` answer has its headers flushed at once,
 * so events pass through live. A client that goes away aborts the upstream request; a sidecar that fails
 * before answering gets a 502 naming its log, after answering a cut body.
 */
export function proxyHttp(req: IncomingMessage, res: ServerResponse, mount: SidecarMount, target: ProxyTarget, names: ProxyNames): void {
  const headers = sidecarRequestHeaders(req, mount, target, names);
  // undici frames a streamed body itself (chunked when its length is unknown) and refuses the field; an
  // `Expect: 100-continue` was answered by the hub's server already (undici refuses it too).
  for (const name of Object.keys(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'transfer-encoding' || lower === 'expect') delete headers[name];
  }
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  let abort: ((error?: Error) => void) | undefined;
  let resume: (() => void) | undefined;
  let done = false;
  const onDrain = (): void => resume?.();
  res.on('drain', onDrain);
  // The client went away before the whole answer was sent: stop asking the sidecar.
  res.on('close', () => {
    if (!done) abort?.();
  });
  const handler: Dispatcher.DispatchHandlers = {
    onConnect: (abortRequest) => {
      abort = abortRequest;
      if (res.destroyed) abortRequest();
    },
    onHeaders: (status, raw, resumeReading, statusText) => {
      if (status < 200) return true; // 1xx: Node's server answers `Expect: 100-continue` itself
      resume = resumeReading;
      const rawHeaders = raw.map((b) => b.toString('latin1'));
      res.writeHead(status, statusText, forwardResponseHeaders(rawHeaders, mount.basePath));
      const type = res.getHeader('content-type') ?? findHeader(rawHeaders, 'content-type');
      if (typeof type === 'string' && type.startsWith('text/event-stream')) res.flushHeaders();
      return true;
    },
    onData: (chunk) => res.write(chunk),
    onComplete: () => {
      done = true;
      res.end();
    },
    onError: (error: Error & { code?: string }) => {
      done = true;
      if (res.headersSent || res.writableEnded) {
        res.destroy();
        return;
      }
      answerError(res, 502, `the sidecar of ${target.name} did not answer (${error.code ?? error.message}); see its log: ${target.logFile}`);
    },
  };
  target.dispatcher.dispatch({ path: mount.path, method: (req.method ?? 'GET') as Dispatcher.HttpMethod, headers, body: hasBody ? req : null }, handler);
}

function findHeader(raw: readonly string[], lower: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) if ((raw[i] as string).toLowerCase() === lower) return raw[i + 1];
  return undefined;
}
