import type http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Starts a stand-in's HTTP server on 127.0.0.1 (`port` 0: any free one) and keeps its open
 * connections, so that the stand-in can drop them (keep-alive connections would otherwise still
 * be answered) and close without waiting for clients.
 */
export async function listenOnLoopback(server: http.Server, port = 0) {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    origin: `http://127.0.0.1:${bound}`,
    dropConnections,
    close() {
      dropConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((err) => (err ? reject(err) : resolve())),
      );
    },
  };
}
