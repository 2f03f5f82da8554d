/** A websocket test client on a real port (realtime.test.ts, vxe-socket.test.ts). */
import type { AddressInfo } from 'node:net';
import WebSocket, { type ClientOptions } from 'ws';
import type { FastifyInstance } from 'fastify';

export interface Client {
  ws: WebSocket;
  /** The next text frame (waits for it). */
  next(timeoutMs?: number): Promise<string>;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
}

const opened: Client[] = [];

/** Terminates every client opened since the last call (afterEach). */
export function terminateOpened(): void {
  for (const c of opened.splice(0)) c.ws.terminate();
}

/** Opens a socket; rejects with `HTTP <status>` when the server refuses the upgrade. */
export function connect(url: string, protocols?: string | string[], options?: ClientOptions): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, options);
    const queue: string[] = [];
    const waiters: ((text: string) => void)[] = [];
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      const waiter = waiters.shift();
      if (waiter) waiter(text);
      else queue.push(text);
    });
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      ws.on('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    ws.on('unexpected-response', (req, res) => {
      req.destroy();
      reject(new Error(`HTTP ${res.statusCode}`));
    });
    ws.on('error', (err) => reject(err));
    ws.on('open', () => {
      const client: Client = {
        ws,
        closed,
        next: (timeoutMs = 3000) => {
          const queued = queue.shift();
          if (queued !== undefined) return Promise.resolve(queued);
          return new Promise((res, rej) => {
            const timer = setTimeout(() => rej(new Error('no message')), timeoutMs);
            waiters.push((text) => {
              clearTimeout(timer);
              res(text);
            });
          });
        },
      };
      opened.push(client);
      resolve(client);
    });
  });
}

/** The HTTP answer to a refused handshake: its status and JSON body. */
export function refusalOf(url: string, protocol: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocol);
    ws.on('unexpected-response', (req, res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      });
    });
    ws.on('open', () => {
      ws.terminate();
      reject(new Error('the handshake was accepted'));
    });
    ws.on('error', reject);
  });
}

export function portOf(app: FastifyInstance): number {
  return (app.server.address() as AddressInfo).port;
}
