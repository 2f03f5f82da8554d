/**
 * GET /websocket/:key at the site root and under the API prefix (contract §2.12). The handshake is an ordinary
 * route with policy 'authenticated' whose token comes from the one offered sub-protocol (`new WebSocket(url,
 * [token])`); the key is `{userId}_{md5(token)}` of that session (our web app, Jeecg's Vue3 UI) or the bare
 * `{userId}` of its user (Jeecg's Vue2 UI). Refusals are HTTP answers before the
 * upgrade. Open sockets answer every client text with the heartbeat reply, re-check their session now and
 * then, and are pinged by a periodic sweep that drops dead and silent ones.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket, { type WebSocket } from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TEXT } from '@houtai/shared/constants';
import { AppError } from '../errors.ts';
import { md5Hex } from '../lib/ids.ts';
import { isSessionLive } from '../modules/session/session.service.ts';
import { readProtocolToken } from '../plugins/auth.ts';
import { CLOSE, newEntry, type LocalSockets, type SocketEntry } from './local-sockets.ts';

/** Client frames are heartbeats ('ping'); nothing a client sends needs more. */
export const MAX_PAYLOAD_BYTES = 4096;
/** A socket's session is read again on a heartbeat at most this often (revocations also close sockets at once). */
export const REVALIDATE_MS = 30_000;
/** Every socket is pinged this often; one that did not answer the previous ping is terminated. */
export const SWEEP_MS = 30_000;
/** A client that sent nothing for this long is closed (heartbeats come every 20 s; 55 s from Jeecg's Vue3 client). */
export const IDLE_CLOSE_MS = 180_000;
/** Heartbeats come every 8–55 s: a client sending more than this per minute is closed. */
export const MESSAGES_PER_MINUTE = 60;
/** The reply to any client text (contract §2.12). */
export const HEARTCHECK_TEXT = JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' });
export const TOKEN_IN_URL = 'Token不能放在URL中';
/** The refusal of a key that names another user or another session than the offered token's. */
export const SOCKET_KEY_MISMATCH = '连接地址中的用户与令牌不符';

const HEARTCHECK = Buffer.from(HEARTCHECK_TEXT);
const KEY = /^(.+)_([0-9a-fA-F]{32})$/;
const KeyParams = z.object({ key: z.string().min(1).max(200) });

export interface SocketRouteOptions {
  sockets: LocalSockets;
  /** The handshakes one user may make per minute (per instance). */
  handshakesPerMinute: number;
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

/**
 * Whether a socket key names this session: `{userId}_{md5(token)}` (that very session) or the bare `{userId}` (the
 * Vue2 client's form: the token is still the session's own, so the key only has to name its user).
 */
export function keyMatchesSession(key: string, userId: string, token: string): boolean {
  if (key === userId) return true;
  const [, keyUser, hash] = KEY.exec(key) ?? [];
  return keyUser === userId && hash?.toLowerCase() === md5Hex(token);
}

/** Runs after the auth hook has resolved the sub-protocol token: the key must name that session or its user. */
async function checkHandshake(request: FastifyRequest<{ Params: z.infer<typeof KeyParams> }>): Promise<void> {
  const origin = request.headers.origin;
  const { socketAllowedOrigins, corsOrigins } = request.server.config;
  if (!originAllowed(origin, request.host, [...socketAllowedOrigins, ...corsOrigins])) {
    throw AppError.forbidden(TEXT.noPermission);
  }
  const token = readProtocolToken(request);
  if (tokenInQuery(request.query, token)) throw AppError.badRequest(TOKEN_IN_URL);
  const session = request.session;
  if (!session || !token) throw AppError.unauthorized(TEXT.tokenInvalid);
  if (!keyMatchesSession(request.params.key, session.user.id, token)) throw AppError.forbidden(SOCKET_KEY_MISMATCH);
}

function socketPaths(apiPrefix: string): string[] {
  return [...new Set(['/websocket/:key', `${apiPrefix}/websocket/:key`])];
}

/** `/websocket/{key}` or `{prefix}/websocket/{key}`, one segment, query allowed. */
function isSocketPath(url: string | undefined, apiPrefix: string): boolean {
  const path = (url ?? '').split('?', 1)[0] ?? '';
  const rest = path.startsWith('/websocket/')
    ? path.slice('/websocket/'.length)
    : apiPrefix && path.startsWith(`${apiPrefix}/websocket/`)
      ? path.slice(apiPrefix.length + '/websocket/'.length)
      : null;
  return rest !== null && rest.length > 0 && !rest.includes('/');
}

export async function registerRealtimeSocket(app: FastifyInstance, opts: SocketRouteOptions): Promise<void> {
  const { sockets } = opts;
  const prefix = app.config.apiPrefix;

  // @fastify/websocket routes every upgrade request through the whole router. Only the socket paths reach it;
  // any other upgrade is answered 404 and its connection ended here (nothing else would end it).
  const relay = new EventEmitter();
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isSocketPath(req.url, prefix)) {
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

  const onMessage = (entry: SocketEntry) => {
    const now = app.services.now();
    entry.alive = true;
    entry.lastHeardAt = now;
    if (now - entry.windowStart >= 60_000) {
      entry.windowStart = now;
      entry.windowCount = 0;
    }
    if (++entry.windowCount > MESSAGES_PER_MINUTE) {
      sockets.close(entry, CLOSE.flooding);
      return;
    }
    entry.socket.send(HEARTCHECK, { binary: false });
    if (!entry.checking && now - entry.checkedAt >= REVALIDATE_MS) revalidate(entry, now);
  };

  const onOpen = (socket: WebSocket, request: FastifyRequest) => {
    const session = request.session;
    if (!session) {
      socket.close(CLOSE.sessionEnded.code, CLOSE.sessionEnded.reason);
      return;
    }
    const entry = newEntry(socket, session.user.id, session.tokenHash, app.services.now());
    socket.on('close', () => sockets.remove(entry));
    socket.on('pong', () => {
      entry.alive = true;
    });
    socket.on('message', () => onMessage(entry));
    sockets.add(entry);
  };

  await app.register(async (scope) => {
    await scope.register(websocket, {
      options: {
        // The relay above stands in for the HTTP server (the plugin listens for 'upgrade' on it).
        server: relay as unknown as Server,
        maxPayload: MAX_PAYLOAD_BYTES,
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
    for (const url of socketPaths(prefix)) {
      scope.get(
        url,
        {
          websocket: true,
          config: {
            policy: 'authenticated',
            tokenInProtocol: true,
            rateLimit: {
              max: opts.handshakesPerMinute,
              timeWindow: 60_000,
              keyGenerator: (request) => request.session?.user.id ?? request.ip,
            },
          },
          schema: { params: KeyParams },
          preHandler: checkHandshake,
        },
        onOpen,
      );
    }
  });
}
