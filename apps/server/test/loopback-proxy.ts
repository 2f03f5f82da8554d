/**
 * A TCP load balancer on loopback for the two-instance fault test: each new client connection goes to the next
 * backend round-robin (the other one when that one refuses), and is piped both ways, so HTTP and websockets pass
 * alike. When a backend's side of a pair ends or fails, the client's side is closed too, as a real balancer does.
 */
import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net';

export interface LoopbackProxy {
  port: number;
  /** Client connections piped to each backend now, by backend index. */
  open(): number[];
  /** Client connections that found no backend accepting (every one refused). */
  refusals(): number;
  close(): Promise<void>;
}

/** Connects to the backend on `port`; resolves with the socket once connected, or null when it is refused. */
function dial(port: number): Promise<Socket | null> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(null);
    });
  });
}

export async function startLoopbackProxy(backendPorts: readonly number[]): Promise<LoopbackProxy> {
  let next = 0;
  let refused = 0;
  const piped = backendPorts.map(() => new Set<Socket>());
  const clients = new Set<Socket>();

  const server: Server = createServer((client) => {
    clients.add(client);
    client.pause();
    client.on('error', () => client.destroy());
    client.on('close', () => clients.delete(client));
    const first = next;
    next = (next + 1) % backendPorts.length;
    void (async () => {
      for (let tried = 0; tried < backendPorts.length; tried++) {
        const index = (first + tried) % backendPorts.length;
        const backend = await dial(backendPorts[index]!);
        if (!backend) continue;
        if (client.destroyed) {
          backend.destroy();
          return;
        }
        piped[index]!.add(backend);
        // Either side ending or failing ends the pair: a killed backend drops its clients at once.
        const drop = () => {
          piped[index]!.delete(backend);
          backend.destroy();
          client.destroy();
        };
        backend.on('error', drop);
        backend.on('close', drop);
        client.on('close', drop);
        client.pipe(backend);
        backend.pipe(client);
        client.resume();
        return;
      }
      refused++;
      client.destroy();
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    open: () => piped.map((set) => set.size),
    refusals: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of clients) socket.destroy();
        for (const set of piped) for (const socket of set) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
