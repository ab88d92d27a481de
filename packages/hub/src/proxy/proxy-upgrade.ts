import http from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { SidecarMount } from '../server/sidecar-router.js';
import { answerErrorOnSocket } from './error-answer.js';
import { forwardResponseHeaders, type HeaderBag } from './proxy-headers.js';
import { sidecarRequestHeaders, type ProxyNames, type ProxyTarget } from './proxy-target.js';

/** The status line and header block of an answer written on a raw socket. */
function headBlock(status: number, message: string, headers: HeaderBag): string {
  let text = `HTTP/1.1 ${status} ${message}\r\n`;
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value]) text += `${name}: ${v}\r\n`;
  }
  return `${text}\r\n`;
}

/**
 * Forwards a WebSocket (or other) upgrade to a sidecar with the same header rules as a request, then
 * pipes the two sockets byte for byte: the sidecar's 101 goes back as it is (its chosen
 * `Sec-WebSocket-Protocol` and extensions included, since the client's key and offers were forwarded), and
 * frames are never parsed, which costs the least. A sidecar refusing the upgrade has its answer relayed.
 * `onOpen` is called when the pipe is established; what it returns is called once when either side closes.
 */
export function proxyUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, mount: SidecarMount, target: ProxyTarget, names: ProxyNames, onOpen: () => () => void): void {
  const headers = sidecarRequestHeaders(req, mount, target, names, req.headers.upgrade ?? 'websocket');
  // Its own connection: an upgraded socket leaves the keep-alive pool anyway.
  const upstream = http.request({ host: '127.0.0.1', port: target.port, method: req.method, path: mount.path, headers, agent: false });
  socket.on('error', () => upstream.destroy());
  upstream.on('upgrade', (upRes, upSocket, upHead) => {
    socket.write(headBlock(upRes.statusCode ?? 101, upRes.statusMessage ?? 'Switching Protocols', forwardResponseHeaders(upRes.rawHeaders, mount.basePath, true)));
    if (upHead.length > 0) socket.write(upHead);
    if (head.length > 0) upSocket.write(head);
    upSocket.setNoDelay(true);
    (socket as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
    const closed = onOpen();
    let open = true;
    const close = (): void => {
      if (!open) return;
      open = false;
      upSocket.destroy();
      socket.destroy();
      closed();
    };
    upSocket.on('error', close);
    upSocket.on('close', close);
    socket.on('error', close);
    socket.on('close', close);
    upSocket.pipe(socket);
    socket.pipe(upSocket);
  });
  upstream.on('response', (upRes) => {
    // The sidecar answered without upgrading: relay that answer, then close (its length is the connection's).
    const out = forwardResponseHeaders(upRes.rawHeaders, mount.basePath);
    for (const name of Object.keys(out)) if (name.toLowerCase() === 'content-length') delete out[name];
    out['connection'] = 'close';
    socket.write(headBlock(upRes.statusCode ?? 502, upRes.statusMessage ?? '', out));
    upRes.pipe(socket);
    upRes.on('error', () => socket.destroy());
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    answerErrorOnSocket(socket, 502, `the sidecar of ${target.name} did not answer the upgrade (${error.code ?? error.message}); see its log: ${target.logFile}`);
  });
  upstream.end();
}
