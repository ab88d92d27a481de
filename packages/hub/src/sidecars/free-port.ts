import net from 'node:net';

/**
 * A port free on 127.0.0.1 now, chosen by the kernel (listen on 0, read, close). Another program may take
 * it before the sidecar binds it: the early-exit rule (a sidecar exiting right after its first health
 * answer) is what catches that.
 */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('the kernel gave no loopback port'))));
    });
  });
}
