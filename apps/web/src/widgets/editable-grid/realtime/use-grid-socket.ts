/**
 * The editable grid's realtime socket (spec 001 §3, §4, §7): `/vxeSocket/{userId}/{pageId}` on the host of the
 * app's other socket, the token as the one sub-protocol (never in the URL), heartbeats and reconnects by
 * grid-socket-machine.ts. `send(row)` tells the other viewers of the page that a row changed; their grids get it
 * through `onUpdate` (the server never echoes it to the sender). Used by the editable grid's hook.
 */
import { useCallback, useEffect, useRef } from 'react';
import { GRID_PAGE_ID_PATTERN, parseGridRealtimeMessage } from '@houtai/shared/grid/realtime';
import type { GridRow } from '@houtai/shared/grid/types';
import { socketOrigin, type SocketFactory, type SocketLike } from '../../../lib/realtime.ts';
import { createGridSocketMachine, type GridSocketMachine, type GridSocketTimers } from './grid-socket-machine.ts';

/** What the other viewers' update says besides the row. */
export interface GridRowUpdateInfo {
  socketKey: string;
  /** The sending socket, as the server names it. */
  senderId: string;
}

export interface GridSocketOptions {
  userId: string;
  pageId: string;
  token: string;
  /** The grid on the page that updates name (several grids can share a page); default the pageId. */
  socketKey?: string;
  /** A row another viewer changed, for this grid's socketKey. */
  onUpdate: (row: GridRow, info: GridRowUpdateInfo) => void;
  createSocket?: SocketFactory;
  timers?: GridSocketTimers;
}

export interface GridSocketConnection {
  /** Sends a changed row to the page's other viewers; false when the socket is not open (the change is not queued). */
  send(row: GridRow): boolean;
  /** Closes for good: no reconnect, no more updates. */
  close(): void;
}

const OPEN = 1;
const HEARTBEAT_TEXT = JSON.stringify({ type: 'heart_beat' });
const browserSocket: SocketFactory = (url, protocols) => new WebSocket(url, protocols);

/** `ws(s)://{api host}/vxeSocket/{userId}/{pageId}`. */
export function gridSocketUrl(userId: string, pageId: string, apiBase?: string, pageUrl?: string): string {
  return `${socketOrigin(apiBase, pageUrl)}/vxeSocket/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}`;
}

/** One grid socket with its heartbeat and reconnects, outside React (the hook wraps it). */
export function openGridSocket(options: GridSocketOptions & { url: string }): GridSocketConnection {
  const create = options.createSocket ?? browserSocket;
  const socketKey = options.socketKey ?? options.pageId;
  let socket: SocketLike | null = null;

  const machine: GridSocketMachine = createGridSocketMachine(
    {
      connect() {
        let s: SocketLike;
        try {
          s = create(options.url, [options.token]);
        } catch {
          machine.failed();
          return;
        }
        socket = s;
        s.onopen = () => {
          if (socket === s) machine.opened();
        };
        s.onmessage = (event) => {
          if (socket !== s) return;
          const message = parseGridRealtimeMessage(event.data);
          if (message?.type === 'heart_beat') machine.replied();
          else if (message?.type === 'update_vxe_table' && message.data.socketKey === socketKey) {
            options.onUpdate(message.data.row, { socketKey, senderId: message.data.senderId });
          }
        };
        s.onerror = s.onclose = () => {
          if (socket === s) machine.failed();
        };
      },
      sendHeartbeat() {
        if (socket?.readyState === OPEN) socket.send(HEARTBEAT_TEXT);
      },
      disconnect() {
        const s = socket;
        socket = null;
        if (!s) return;
        s.onopen = s.onmessage = s.onerror = s.onclose = null;
        s.close(1000);
      },
    },
    options.timers,
  );
  machine.start();

  return {
    send(row) {
      if (machine.state !== 'open' || socket?.readyState !== OPEN) return false;
      socket.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey, row } }));
      return true;
    },
    close() {
      machine.stop();
    },
  };
}

/**
 * The grid's socket for this page while the component is mounted and the user signed in (no socket without a
 * user, a token or a valid page id). A new user, token, page or socketKey opens a new socket. `onUpdate` may change
 * on every render.
 */
export function useGridSocket(options: GridSocketOptions): { send: (row: GridRow) => boolean } {
  const { userId, pageId, token, socketKey, createSocket, timers } = options;
  const onUpdate = useRef(options.onUpdate);
  useEffect(() => {
    onUpdate.current = options.onUpdate;
  });
  const connection = useRef<GridSocketConnection | null>(null);

  useEffect(() => {
    if (!userId || !token || !GRID_PAGE_ID_PATTERN.test(pageId)) return undefined;
    // The first attempt waits one task: a component mounted and unmounted at once (React's StrictMode) then opens
    // no socket at all.
    const start = setTimeout(() => {
      connection.current = openGridSocket({
        url: gridSocketUrl(userId, pageId),
        userId,
        pageId,
        token,
        ...(socketKey === undefined ? {} : { socketKey }),
        onUpdate: (row, info) => onUpdate.current(row, info),
        ...(createSocket ? { createSocket } : {}),
        ...(timers ? { timers } : {}),
      });
    }, 0);
    return () => {
      clearTimeout(start);
      connection.current?.close();
      connection.current = null;
    };
  }, [userId, pageId, token, socketKey, createSocket, timers]);

  const send = useCallback((row: GridRow) => connection.current?.send(row) ?? false, []);
  return { send };
}
