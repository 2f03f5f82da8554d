/**
 * GET /websocket/:key at the site root and under the API prefix (contract §2.12). The handshake is an ordinary
 * route with policy 'authenticated' whose token comes from the one offered sub-protocol (`new WebSocket(url,
 * [token])`); the key is `{userId}_{md5(token)}` of that session (our web app, Jeecg's Vue3 UI) or the bare
 * `{userId}` of its user (Jeecg's Vue2 UI). Refusals are HTTP answers before the upgrade. Open sockets answer every
 * client text with the heartbeat reply; the shared machinery (socket-server.ts) re-checks their session now and
 * then and sweeps dead and silent ones.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { md5Hex } from '../lib/ids.ts';
import type { Session } from '../plugins/types.ts';
import { SOCKET_KEY_MISMATCH, socketPathMatcher, socketRoutePaths, type SocketEndpoint } from './socket-server.ts';

/** Client frames are heartbeats ('ping'); nothing a client sends needs more. */
export const MAX_PAYLOAD_BYTES = 4096;
/** Heartbeats come every 8–55 s: a client sending more than this per minute is closed. */
export const MESSAGES_PER_MINUTE = 60;
/** The reply to any client text (contract §2.12). */
export const HEARTCHECK_TEXT = JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' });

const HEARTCHECK = Buffer.from(HEARTCHECK_TEXT);
const KEY = /^(.+)_([0-9a-fA-F]{32})$/;
const KeyParams = z.object({ key: z.string().min(1).max(200) });

/**
 * Whether a socket key names this session: `{userId}_{md5(token)}` (that very session) or the bare `{userId}` (the
 * Vue2 client's form: the token is still the session's own, so the key only has to name its user).
 */
export function keyMatchesSession(key: string, userId: string, token: string): boolean {
  if (key === userId) return true;
  const [, keyUser, hash] = KEY.exec(key) ?? [];
  return keyUser === userId && hash?.toLowerCase() === md5Hex(token);
}

/** The main socket: one per signed-in tab, for notices and messages pushed through app.realtime. */
export function mainSocketEndpoint(apiPrefix: string): SocketEndpoint {
  return {
    paths: socketRoutePaths('websocket', ':key', apiPrefix),
    matches: socketPathMatcher('websocket', 1, apiPrefix),
    params: KeyParams,
    maxPayload: MAX_PAYLOAD_BYTES,
    messagesPerMinute: MESSAGES_PER_MINUTE,
    checkHandshake(request: FastifyRequest, session: Session, token: string) {
      const { key } = request.params as z.infer<typeof KeyParams>;
      if (!keyMatchesSession(key, session.user.id, token)) throw AppError.forbidden(SOCKET_KEY_MISMATCH);
    },
    onMessage(entry) {
      entry.socket.send(HEARTCHECK, { binary: false });
    },
  };
}
