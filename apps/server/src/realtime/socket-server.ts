/**
 * What every websocket of the app shares (security design §2.6): the handshake checks (Origin, no token in the URL,
 * the session of the one offered sub-protocol), the single 'upgrade' listener that lets only the sockets' paths
 * through, the liveness sweep, the per-socket message budget and payload cap, and the periodic session re-check.
 * Each socket kind is a SocketEndpoint: the main socket (socket-route.ts) and the grid socket
 * (grid-socket-route.ts). app.ts registers them together with registerSocketServer.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket, { type WebSocket } from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { TEXT } from '@houtai/shared/constants';
import { AppError } from '../errors.ts';
import { isSessionLive } from '../modules/session/session.service.ts';
import { readProtocolToken } from '../plugins/auth.ts';
import type { Session } from '../plugins/types.ts';
import { CLOSE, newEntry, type LocalSockets, type SocketEntry } from './local-sockets.ts';

/** A socket's session is read again on a message at most this often (revocations also close sockets at once). */
export const REVALIDATE_MS = 30_000;
/** Every socket is pinged this often; one that did not answer the previous ping is terminated. */
export const SWEEP_MS = 30_000;
/** A client that sent nothing for this long is closed (heartbeats come every 10–55 s). */
export const IDLE_CLOSE_MS = 180_000;
export const TOKEN_IN_URL = 'Token不能放在URL中';
/** The refusal of a path that names another user or another session than the offered token's. */
export const SOCKET_KEY_MISMATCH = '连接地址中的用户与令牌不符';

/** A client frame as ws hands it over (binaryType 'nodebuffer' gives a Buffer). */
type RawData = Buffer | ArrayBuffer | Buffer[];

/** One kind of socket: its paths and what it does with the frames of its open sockets. */
export interface SocketEndpoint {
  /** The route paths, with parameters (`/websocket/:key`, at the site root and under the API prefix). */
  readonly paths: readonly string[];
  /** Whether a raw upgrade request's path (query removed) is one of this endpoint's. */
  matches(path: string): boolean;
  readonly params: z.ZodType;
  /** Bytes a client frame may have; a longer one closes the socket (1009). */
  readonly maxPayload: number;
  /** Client frames a socket may send per minute; one more closes it (1008). */
  readonly messagesPerMinute: number;
  /** The endpoint's own handshake checks, after the shared ones: throws an AppError to refuse. */
  checkHandshake(request: FastifyRequest, session: Session, token: string): void;
  /** The page a socket of this endpoint joins (grid sockets only). */
  pageIdOf?(request: FastifyRequest): string;
  /** A client frame within the budget and the cap. */
  onMessage(entry: SocketEntry, data: Buffer, isBinary: boolean): void;
}

export interface SocketServerOptions {
  sockets: LocalSockets;
  /** The handshakes one user may make per minute on one path (per instance). */
  handshakesPerMinute: number;
  endpoints: readonly SocketEndpoint[];
}

/** A token offered in the URL is refused even when the handshake is otherwise right: tokens never go in URLs. */
function tokenInQuery(query: unknown, token: string | null): boolean {
  if (typeof query !== 'object' || query === null) return false;
  return Object.entries(query as Record<string, unknown>).some(
    ([k, v]) => /token/i.test(k) || (token !== null && (v === token || (Array.isArray(v) && v.includes(token)))),
  );
}

/**
 * Security design §2.6: a browser's handshake must come from a page of this site (its `Origin` names the host the
 * request was sent to, as seen through TRUST_PROXY) or from an origin listed in SOCKET_ALLOWED_ORIGINS. Clients
 * that send no Origin (servers, native apps) are not browsers and pass; the token decides for them.
 */
export function originAllowed(origin: string | undefined, host: string, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.host.toLowerCase() === host.toLowerCase() || allowed.includes(url.origin.toLowerCase());
}

/** The checks of every handshake, after the auth hook resolved the sub-protocol token: answers its session. */
function checkCommonHandshake(request: FastifyRequest): { session: Session; token: string } {
  const { socketAllowedOrigins, corsOrigins } = request.server.config;
  if (!originAllowed(request.headers.origin, request.host, [...socketAllowedOrigins, ...corsOrigins])) {
    throw AppError.forbidden(TEXT.noPermission);
  }
  const token = readProtocolToken(request);
  if (tokenInQuery(request.query, token)) throw AppError.badRequest(TOKEN_IN_URL);
  const session = request.session;
  if (!session || !token) throw AppError.unauthorized(TEXT.tokenInvalid);
  return { session, token };
}

/**
 * A matcher of `/{name}/{segment}…` with exactly `segments` non-empty segments, at the site root or under the API
 * prefix (the raw path, query removed).
 */
export function socketPathMatcher(name: string, segments: number, apiPrefix: string): (path: string) => boolean {
  const roots = [`/${name}/`, ...(apiPrefix ? [`${apiPrefix}/${name}/`] : [])];
  return (path) => {
    const root = roots.find((r) => path.startsWith(r));
    if (root === undefined) return false;
    const parts = path.slice(root.length).split('/');
    return parts.length === segments && parts.every((p) => p.length > 0);
  };
}

/** The route paths of a socket at the site root and under the API prefix (`rest` like `:key`). */
export function socketRoutePaths(name: string, rest: string, apiPrefix: string): string[] {
  return [...new Set([`/${name}/${rest}`, `${apiPrefix}/${name}/${rest}`])];
}

function rawPath(url: string | undefined): string {
  return (url ?? '').split('?', 1)[0] ?? '';
}

/** Counts a message in the socket's one-minute window; false once the budget is spent. */
function withinBudget(entry: SocketEntry, now: number, perMinute: number): boolean {
  if (now - entry.windowStart >= 60_000) {
    entry.windowStart = now;
    entry.windowCount = 0;
  }
  return ++entry.windowCount <= perMinute;
}

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function toBuffer(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? Buffer.from(data) : data;
}

export async function registerSocketServer(app: FastifyInstance, opts: SocketServerOptions): Promise<void> {
  const { sockets, endpoints } = opts;

  // @fastify/websocket routes every upgrade request through the whole router. Only the socket paths reach it;
  // any other upgrade is answered 404 and its connection ended here (nothing else would end it).
  const relay = new EventEmitter();
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = rawPath(req.url);
    if (endpoints.some((e) => e.matches(path))) {
      relay.emit('upgrade', req, socket, head);
      return;
    }
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
  app.server.on('upgrade', onUpgrade);

  const sweep = setInterval(() => sockets.sweep(app.services.now(), IDLE_CLOSE_MS), SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    done();
  });

  const revalidate = (entry: SocketEntry, now: number) => {
    entry.checking = true;
    entry.checkedAt = now;
    isSessionLive(app.db, entry.tokenHash, app.config.tokenIdleMinutes, now)
      .then((live) => {
        if (!live) sockets.close(entry, CLOSE.sessionEnded);
      })
      .catch((err: unknown) => app.log.warn({ err }, 'realtime: session check failed'))
      .finally(() => {
        entry.checking = false;
      });
  };

  const onMessage = (endpoint: SocketEndpoint, entry: SocketEntry, data: RawData, isBinary: boolean) => {
    const now = app.services.now();
    entry.alive = true;
    entry.lastHeardAt = now;
    if (byteLength(data) > endpoint.maxPayload) {
      sockets.close(entry, CLOSE.tooBig);
      return;
    }
    if (!withinBudget(entry, now, endpoint.messagesPerMinute)) {
      sockets.close(entry, CLOSE.flooding);
      return;
    }
    endpoint.onMessage(entry, toBuffer(data), isBinary);
    if (!entry.checking && now - entry.checkedAt >= REVALIDATE_MS) revalidate(entry, now);
  };

  const onOpen = (endpoint: SocketEndpoint, socket: WebSocket, request: FastifyRequest) => {
    const session = request.session;
    if (!session) {
      socket.close(CLOSE.sessionEnded.code, CLOSE.sessionEnded.reason);
      return;
    }
    const now = app.services.now();
    const entry = newEntry(socket, session.user.id, session.tokenHash, now, endpoint.pageIdOf?.(request));
    socket.on('close', () => sockets.remove(entry));
    socket.on('pong', () => {
      entry.alive = true;
    });
    socket.on('message', (data, isBinary) => onMessage(endpoint, entry, data, isBinary));
    sockets.add(entry);
  };

  await app.register(async (scope) => {
    await scope.register(websocket, {
      options: {
        // The relay above stands in for the HTTP server (the plugin listens for 'upgrade' on it).
        server: relay as unknown as Server,
        // The largest cap of the endpoints; each socket's own cap is checked per frame (onMessage).
        maxPayload: Math.max(...endpoints.map((e) => e.maxPayload)),
        perMessageDeflate: false,
        clientTracking: false,
        // The token is the only sub-protocol offered, and browsers drop a socket whose protocol is not echoed.
        handleProtocols: (protocols) => (protocols.size === 1 ? ([...protocols][0] ?? false) : false),
      },
      // Client mistakes (oversized frames, bad framing) are not server errors; ws has already sent its close.
      errorHandler: (error, socket, request) => {
        request.log.debug({ err: error }, 'websocket error');
        if (socket.readyState === socket.OPEN) socket.terminate();
      },
      preClose(done) {
        app.server.removeListener('upgrade', onUpgrade);
        sockets.closeAll(CLOSE.shutdown);
        this.websocketServer.close();
        done();
      },
    });
    // A refused handshake is an ordinary HTTP answer on the raw connection, which nothing else ends (the plugin's
    // own clean-up misses refusals made by the auth hook, which runs before the plugin's hooks).
    scope.addHook('onResponse', (request, _reply, done) => {
      if (request.headers.upgrade) request.raw.socket.destroy();
      done();
    });
    for (const endpoint of endpoints) {
      for (const url of endpoint.paths) {
        scope.get(
          url,
          {
            websocket: true,
            config: {
              policy: 'authenticated',
              tokenInProtocol: true,
              beforePasswordChange: true,
              rateLimit: {
                max: opts.handshakesPerMinute,
                timeWindow: 60_000,
                keyGenerator: (request) => request.session?.user.id ?? request.ip,
              },
            },
            schema: { params: endpoint.params },
            preHandler: async (request) => {
              const { session, token } = checkCommonHandshake(request);
              endpoint.checkHandshake(request, session, token);
            },
          },
          (socket, request) => onOpen(endpoint, socket, request),
        );
      }
    }
  });
}
