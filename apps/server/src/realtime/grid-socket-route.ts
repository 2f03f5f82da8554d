/**
 * GET /vxeSocket/:userId/:pageId at the site root and under the API prefix (spec 001 §3, §4, §7; security design
 * §2.6): the editable grid's socket. The handshake is the main socket's (socket-server.ts) with the user id of the
 * path bound to the token's user and a checked page id. Open sockets speak JSON `{type, data}`: a heart_beat is
 * answered to its sender; update_vxe_table and common_send_date go through the hub to every other grid socket of
 * the same page on every instance, never back to the sender, with `senderId` set here to the sender's socket id.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GRID_PAGE_ID_INVALID, GRID_PAGE_ID_PATTERN, parseGridRealtimeMessage } from '@houtai/shared/grid/realtime';
import type { GridRealtimeMessage } from '@houtai/shared/grid/types';
import { AppError } from '../errors.ts';
import type { Session } from '../plugins/types.ts';
import type { RealtimeHub } from './hub.ts';
import type { SocketEntry } from './local-sockets.ts';
import { SOCKET_KEY_MISMATCH, socketPathMatcher, socketRoutePaths, type SocketEndpoint } from './socket-server.ts';

/** A frame carries one row (spec §3 grid realtime message); rows with long texts stay well under this. */
export const GRID_MAX_PAYLOAD_BYTES = 64 * 1024;
/** Heartbeats come every 10 s and edits at typing pace: a client sending more than this per minute is closed. */
export const GRID_MESSAGES_PER_MINUTE = 120;
/** The answer to a heart_beat (JeecgBoot's VxeSocket answers `{type, data: true}`). */
export const GRID_HEARTBEAT_REPLY_TEXT = JSON.stringify({ type: 'heart_beat', data: true });

const HEARTBEAT_REPLY = Buffer.from(GRID_HEARTBEAT_REPLY_TEXT);
const GridParams = z.object({ userId: z.string().min(1).max(200), pageId: z.string().min(1).max(1000) });

/** The message the other viewers get: the sender's id replaces whatever the client claimed. */
function forwarded(message: GridRealtimeMessage, senderId: string): GridRealtimeMessage | null {
  switch (message.type) {
    case 'update_vxe_table':
      return { type: message.type, data: { ...message.data, senderId } };
    case 'common_send_date': {
      const data = message.data;
      const isObject = typeof data === 'object' && data !== null && !Array.isArray(data);
      return { type: message.type, data: isObject ? { ...data, senderId } : data };
    }
    case 'heart_beat':
      return null;
  }
}

export function gridSocketEndpoint(apiPrefix: string, hub: RealtimeHub): SocketEndpoint {
  const publish = (entry: SocketEntry, message: GridRealtimeMessage) => {
    if (entry.pageId === undefined) return;
    // The hub logs its own failures and never rejects (hub.ts).
    void hub.sendToPage(entry.pageId, message, entry.id);
  };
  return {
    paths: socketRoutePaths('vxeSocket', ':userId/:pageId', apiPrefix),
    matches: socketPathMatcher('vxeSocket', 2, apiPrefix),
    params: GridParams,
    maxPayload: GRID_MAX_PAYLOAD_BYTES,
    messagesPerMinute: GRID_MESSAGES_PER_MINUTE,
    checkHandshake(request: FastifyRequest, session: Session) {
      const { userId, pageId } = request.params as z.infer<typeof GridParams>;
      if (userId !== session.user.id) throw AppError.forbidden(SOCKET_KEY_MISMATCH);
      if (!GRID_PAGE_ID_PATTERN.test(pageId)) throw AppError.badRequest(GRID_PAGE_ID_INVALID);
    },
    pageIdOf: (request) => (request.params as z.infer<typeof GridParams>).pageId,
    onMessage(entry, data, isBinary) {
      if (isBinary) return;
      const message = parseGridRealtimeMessage(data.toString('utf8'));
      if (!message) return;
      if (message.type === 'heart_beat') {
        entry.socket.send(HEARTBEAT_REPLY, { binary: false });
        return;
      }
      const out = forwarded(message, entry.id);
      if (out) publish(entry, out);
    },
  };
}
