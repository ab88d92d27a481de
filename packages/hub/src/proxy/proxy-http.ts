import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SidecarMount } from '../server/sidecar-router.js';
import { answerError } from './error-answer.js';
import { forwardRequestHeaders, forwardResponseHeaders } from './proxy-headers.js';
import type { ProxyNames, ProxyTarget } from './proxy-target.js';

/**
 * Forwards one request to a sidecar and its answer back, streaming both ways: bodies are piped with
 * backpressure, never buffered whole, and a `text/event-stream` answer has its headers flushed at once so
 * events pass through live. The upstream is `node:http` with the target's keep-alive agent (measured
 * faster than undici for this; see bench/hub-proxy.ts). A client that goes away aborts the upstream
 * request; a sidecar that fails before answering gets a 502 naming its log, after answering a cut body.
 */
export function proxyHttp(req: IncomingMessage, res: ServerResponse, mount: SidecarMount, target: ProxyTarget, names: ProxyNames): void {
  const headers = forwardRequestHeaders(req.rawHeaders, {
    ...names,
    basePath: mount.basePath,
    secret: target.secret,
    clientAddress: req.socket.remoteAddress ?? '',
    proto: (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http',
  });
  const upstream = http.request({ host: '127.0.0.1', port: target.port, method: req.method, path: mount.path, headers, agent: target.agent });
  let answered = false;
  upstream.on('response', (upRes) => {
    answered = true;
    const out = forwardResponseHeaders(upRes.rawHeaders, mount.basePath);
    res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, out);
    const type = upRes.headers['content-type'];
    if (typeof type === 'string' && type.startsWith('text/event-stream')) res.flushHeaders();
    upRes.pipe(res);
    upRes.on('error', () => res.destroy());
    upRes.on('aborted', () => res.destroy());
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (answered || res.writableEnded) {
      res.destroy();
      return;
    }
    answerError(res, 502, `the sidecar of ${target.name} did not answer (${error.code ?? error.message}); see its log: ${target.logFile}`);
  });
  // The client went away before the whole answer was sent: stop asking the sidecar.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  if (hasBody) req.pipe(upstream);
  else upstream.end();
}
