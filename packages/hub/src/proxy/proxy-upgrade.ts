import http from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { SidecarMount } from './sidecar-router.js';
import { problem } from '../http/problem.js';
import { replyProblemOnSocket } from '../http/reply.js';
import { withoutCredentialParams } from './credential-params.js';
import { forwardResponseHeaders, type HeaderBag } from './proxy-headers.js';
import { responseContext, sidecarRequestHeaders, type ProxyNames, type ProxyTarget } from './proxy-target.js';


/** The status line and header block of an answer written on a raw socket. */
function headBlock(status: number, message: string, headers: HeaderBag): string {
  let text = `HTTP/1.1 ${status} ${message}\r\n`;
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value]) text += `${name}: ${v}\r\n`;
  }
  return `${text}\r\n`;
}

/** After one side of a proxied WebSocket ended its half, how long the other has to end its own before both are closed, in ms. */
export const HALF_CLOSE_GRACE_MS = 2_000;

/**
 * Forwards a WebSocket (or other) upgrade to a sidecar with the same header rules as a request (the hub's
 * token parameters removed from the path too), then pipes the two sockets byte for byte: the sidecar's 101
 * goes back as it is (its chosen `Sec-WebSocket-Protocol` and extensions included, since the client's key and
 * offers were forwarded), and frames are never parsed, which costs the least. A sidecar refusing the upgrade
 * has its answer relayed; one that does not answer within the target's `headersTimeoutMs` gets a 504.
 * `onOpen` is called when the pipe is established; what it returns is called once, as soon as either side
 * ends its half or closes: a connection counts as open only while both sides are. When one side ends its
 * half (a client gone with a FIN), the other is ended too and both are closed after `halfCloseGraceMs`, so a
 * sidecar that never closes its side cannot hold the connection, or itself, open.
 */
export function proxyUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, mount: SidecarMount, target: ProxyTarget, names: ProxyNames, onOpen: () => () => void, halfCloseGraceMs = HALF_CLOSE_GRACE_MS): void {
  const headers = sidecarRequestHeaders(req, mount, target, names, req.headers.upgrade ?? 'websocket');
  const context = responseContext(req, mount, names);
  // Its own connection: an upgraded socket leaves the keep-alive pool anyway.
  const upstream = http.request({ host: '127.0.0.1', port: target.port, method: req.method, path: withoutCredentialParams(mount.path), headers, agent: false });
  let answered = false;
  const timer = setTimeout(() => {
    answered = true;
    upstream.destroy();
    replyProblemOnSocket(socket, problem({ id: names.hostId }, 'SIDECAR_NO_ANSWER', `the sidecar of ${target.name} did not answer the upgrade within ${target.headersTimeoutMs / 1000} s; see its log: ${target.logFile}`, { status: 504 }));
  }, target.headersTimeoutMs);
  timer.unref();
  const settle = (): boolean => {
    clearTimeout(timer);
    if (answered) return false;
    answered = true;
    return true;
  };
  socket.on('error', () => upstream.destroy());
  upstream.on('upgrade', (upRes, upSocket, upHead) => {
    if (!settle()) return void upSocket.destroy();
    socket.write(headBlock(upRes.statusCode ?? 101, upRes.statusMessage ?? 'Switching Protocols', forwardResponseHeaders(upRes.rawHeaders, context, true)));
    if (upHead.length > 0) socket.write(upHead);
    if (head.length > 0) upSocket.write(head);
    upSocket.setNoDelay(true);
    (socket as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
    pipeSockets(socket, upSocket, onOpen(), halfCloseGraceMs);
  });
  upstream.on('response', (upRes) => {
    if (!settle()) return void upRes.destroy();
    // The sidecar answered without upgrading: relay that answer, then close (its length is the connection's).
    const out = forwardResponseHeaders(upRes.rawHeaders, context);
    for (const name of Object.keys(out)) if (name.toLowerCase() === 'content-length') delete out[name];
    out['connection'] = 'close';
    socket.write(headBlock(upRes.statusCode ?? 502, upRes.statusMessage ?? '', out));
    upRes.pipe(socket);
    upRes.on('error', () => socket.destroy());
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (!settle()) return;
    replyProblemOnSocket(socket, problem({ id: names.hostId }, 'SIDECAR_NO_ANSWER', `the sidecar of ${target.name} did not answer the upgrade (${error.code ?? error.message}); see its log: ${target.logFile}`));
  });
  upstream.end();
}

/** Pipes an upgraded client socket and the sidecar's both ways, with the half-close rule of {@link proxyUpgrade}. */
function pipeSockets(socket: Duplex, upSocket: Duplex, ended: () => void, halfCloseGraceMs: number): void {
  let counted = true;
  let open = true;
  let grace: NodeJS.Timeout | undefined;
  const uncount = (): void => {
    if (!counted) return;
    counted = false;
    ended();
  };
  const close = (): void => {
    if (!open) return;
    open = false;
    clearTimeout(grace);
    upSocket.destroy();
    socket.destroy();
    uncount();
  };
  // One side sent its FIN: the pipe passes it on; the other side has a short grace to end its half too.
  const halfClosed = (): void => {
    uncount();
    if (grace || !open) return;
    grace = setTimeout(close, halfCloseGraceMs);
    grace.unref();
  };
  upSocket.on('end', halfClosed);
  socket.on('end', halfClosed);
  upSocket.on('error', close);
  upSocket.on('close', close);
  socket.on('error', close);
  socket.on('close', close);
  upSocket.pipe(socket);
  socket.pipe(upSocket);
}
