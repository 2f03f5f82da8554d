/**
 * The grid's realtime socket `/vxeSocket/{userId}/{pageId}` (spec 001 §3 grid realtime message, §4 grid realtime
 * socket, §7, §9): its timings, the page id rule, and the frame parser both sides use. The server
 * (apps/server/src/realtime/grid-socket-route.ts) parses client frames with it; the web hook
 * (apps/web/src/widgets/editable-grid/realtime/) parses server frames with it. No zod: it runs on every frame.
 */
import type { GridRealtimeMessage, GridRow } from './types.ts';

/** A heartbeat goes this long after the previous reply (spec §9: heartbeat 10 s). */
export const GRID_SOCKET_HEARTBEAT_MS = 10_000;
/** No reply to a heartbeat within this long means the socket is dead: reconnect (spec §9: reply timeout 6 s). */
export const GRID_SOCKET_REPLY_TIMEOUT_MS = 6_000;
/** A reconnect follows an error or a close after this long (spec §9: reconnect 5 s). */
export const GRID_SOCKET_RECONNECT_MS = 5_000;

/** 1–100 letters, digits, `_`, `-`, `:` or `.`: a page id names a screen, never a path. */
export const GRID_PAGE_ID_PATTERN = /^[A-Za-z0-9_\-:.]{1,100}$/;
/** The refusal of a handshake whose page id breaks GRID_PAGE_ID_PATTERN. */
export const GRID_PAGE_ID_INVALID = '页面标识无效：应为1到100个字母、数字或 _ - : . 字符';
/** The longest socketKey (the grid instance key a row update names) accepted in an update. */
export const GRID_SOCKET_KEY_MAX = 100;

export type GridRealtimeType = GridRealtimeMessage['type'];

/** The data of an update as a client sends it: the server sets `senderId` itself. */
export interface GridRowUpdate {
  socketKey: string;
  row: GridRow;
  senderId?: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isRow(v: unknown): v is GridRow {
  return isObject(v) && typeof v.id === 'string' && v.id.length > 0;
}

/**
 * Reads one text frame as a grid realtime message; anything else (not JSON, another type, an update without a
 * socketKey or a row with an id) answers null. An update's `senderId` is kept only when it is a string (the
 * server overwrites it anyway).
 */
export function parseGridRealtimeMessage(text: unknown): GridRealtimeMessage | null {
  if (typeof text !== 'string') return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(v)) return null;
  switch (v.type) {
    case 'heart_beat':
    case 'common_send_date':
      return v.data === undefined ? { type: v.type } : { type: v.type, data: v.data };
    case 'update_vxe_table': {
      const data = v.data;
      if (!isObject(data) || !isRow(data.row)) return null;
      const { socketKey, senderId } = data;
      if (typeof socketKey !== 'string' || socketKey.length === 0 || socketKey.length > GRID_SOCKET_KEY_MAX) {
        return null;
      }
      return {
        type: 'update_vxe_table',
        data: { socketKey, row: data.row, senderId: typeof senderId === 'string' ? senderId : '' },
      };
    }
    default:
      return null;
  }
}
