import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { SidecarMount, SidecarRouter } from '../server/sidecar-router.js';
import { HUB_API_VERSION } from '../api/api-version.js';

/** The router of a hub started without sidecar support: every mount answers 503 saying so. */
export class UnavailableSidecarRouter implements SidecarRouter {
  handleRequest(req: IncomingMessage, res: ServerResponse, mount: SidecarMount): void {
    req.resume();
    const body = JSON.stringify({ apiVersion: HUB_API_VERSION, error: `the sidecar of ${mount.name} cannot run: this hub has no sidecar support` });
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }
  handleUpgrade(_req: IncomingMessage, socket: Duplex): void {
    socket.end('HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
  }
  async verdict(name: string): Promise<{ status: number; error: string }> {
    return { status: 503, error: `the sidecar of ${name} cannot run: this hub has no sidecar support` };
  }
  list(): Array<{ name: string; state: string; recentCrashes: number; lastError: string | null }> {
    return [];
  }
  async stop(): Promise<boolean> {
    return false;
  }
  async restart(): Promise<boolean> {
    return false;
  }
  async stopAll(): Promise<void> {}
}
