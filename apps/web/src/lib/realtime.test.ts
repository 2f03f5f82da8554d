import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { md5Hex } from '@houtai/shared/md5';
import type { UserInfo } from '@houtai/shared/contract/user';
import {
  connectRealtime,
  getRealtimeStatus,
  openRealtimeConnection,
  realtimeUrl,
  startRealtime,
  subscribeRealtime,
  type RealtimeMessage,
  type SocketLike,
} from './realtime.ts';
import { useSessionStore } from './session-store.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // Server side of the fake:
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
  fail() {
    this.onerror?.(new Event('error'));
    this.drop();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close'));
  }
}

function factory() {
  const sockets: FakeSocket[] = [];
  const createSocket = vi.fn((url: string, protocols: string[]) => {
    const s = new FakeSocket(url, protocols);
    sockets.push(s);
    return s;
  });
  const last = () => {
    const s = sockets[sockets.length - 1];
    if (!s) throw new Error('no socket yet');
    return s;
  };
  return { sockets, createSocket, last };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  connectRealtime(null);
  useSessionStore.getState().clear();
  vi.useRealTimers();
});

describe('realtimeUrl', () => {
  it('puts the socket at the site root of the page, ws:// or wss:// after its protocol', () => {
    const key = `u1_${md5Hex('tok')}`;
    expect(realtimeUrl('u1', 'tok', '/api', 'http://host:3000/dashboard/analysis')).toBe(
      `ws://host:3000/websocket/${key}`,
    );
    expect(realtimeUrl('u1', 'tok', '/api', 'https://host/x')).toBe(`wss://host/websocket/${key}`);
    expect(realtimeUrl('u1', 'tok', '', 'https://host/x')).toBe(`wss://host/websocket/${key}`);
  });

  it("uses the API's host when the API base is absolute", () => {
    expect(realtimeUrl('u1', 'tok', 'https://api.example.com/prefix', 'http://web.example.com/')).toBe(
      `wss://api.example.com/websocket/u1_${md5Hex('tok')}`,
    );
  });
});

describe('openRealtimeConnection', () => {
  it('opens one socket with the token as its sub-protocol and hands parsed messages on', () => {
    const { createSocket, last, sockets } = factory();
    const onMessage = vi.fn();
    const conn = openRealtimeConnection({ url: 'ws://h/websocket/k', token: 'tok', onMessage, createSocket });
    expect(createSocket).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://h/websocket/k');
    expect(last().protocols).toEqual(['tok']);
    last().open();
    last().receive({ cmd: 'user', msgId: 'a1', msgTxt: '标题', status: 2 });
    last().receive({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    last().receive('not json');
    expect(onMessage.mock.calls).toEqual([[{ cmd: 'user', msgId: 'a1', msgTxt: '标题', status: 2 }]]);
    conn.close();
  });

  it('opens no socket when closed at once (StrictMode mounts twice)', () => {
    const { createSocket } = factory();
    const conn = openRealtimeConnection({ url: 'ws://h/k', token: 't', onMessage: vi.fn(), createSocket });
    conn.close();
    vi.advanceTimersByTime(60_000);
    expect(createSocket).not.toHaveBeenCalled();
  });

  it("sends 'ping' every 20 s while open, and stops when the socket closes", () => {
    const { createSocket, last } = factory();
    const conn = openRealtimeConnection({ url: 'ws://h/k', token: 't', onMessage: vi.fn(), createSocket });
    vi.advanceTimersByTime(0);
    const s = last();
    s.open();
    vi.advanceTimersByTime(19_999);
    expect(s.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(s.sent).toEqual(['ping']);
    vi.advanceTimersByTime(40_000);
    expect(s.sent).toEqual(['ping', 'ping', 'ping']);
    s.drop();
    vi.advanceTimersByTime(4_000);
    expect(s.sent).toHaveLength(3);
    conn.close();
  });

  it('reconnects 5 s after a close, however long the connection worked', () => {
    const { createSocket, sockets, last } = factory();
    const conn = openRealtimeConnection({ url: 'ws://h/k', token: 't', onMessage: vi.fn(), createSocket });
    vi.advanceTimersByTime(0);
    for (let i = 0; i < 15; i++) {
      last().open();
      last().drop();
      vi.advanceTimersByTime(4_999);
      expect(sockets).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(i + 2);
    }
    conn.close();
  });

  it('gives up silently after 10 reconnects that fail in a row', () => {
    const { createSocket, sockets, last } = factory();
    const conn = openRealtimeConnection({ url: 'ws://h/k', token: 't', onMessage: vi.fn(), createSocket });
    vi.advanceTimersByTime(0);
    for (let i = 0; i < 11; i++) {
      last().fail();
      vi.advanceTimersByTime(5_000);
    }
    // The first attempt and 10 reconnects.
    expect(sockets).toHaveLength(11);
    vi.advanceTimersByTime(600_000);
    expect(sockets).toHaveLength(11);
    conn.close();
  });

  it('counts failures in a row only: a connection that opens starts the count again', () => {
    const { createSocket, sockets, last } = factory();
    const conn = openRealtimeConnection({ url: 'ws://h/k', token: 't', onMessage: vi.fn(), createSocket });
    vi.advanceTimersByTime(0);
    for (let i = 0; i < 9; i++) {
      last().fail();
      vi.advanceTimersByTime(5_000);
    }
    last().open();
    last().drop();
    vi.advanceTimersByTime(5_000);
    for (let i = 0; i < 10; i++) {
      last().fail();
      vi.advanceTimersByTime(5_000);
    }
    expect(sockets).toHaveLength(21);
    last().fail();
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(21);
    conn.close();
  });

  it('a handshake refused without an error event still counts as a failure', () => {
    const { createSocket, sockets, last } = factory();
    const conn = openRealtimeConnection({ url: 'ws://h/k', token: 't', onMessage: vi.fn(), createSocket });
    vi.advanceTimersByTime(0);
    for (let i = 0; i < 12; i++) {
      last().drop();
      vi.advanceTimersByTime(5_000);
    }
    expect(sockets).toHaveLength(11);
    conn.close();
  });

  it('close() ends the socket, the heartbeat and any reconnect', () => {
    const { createSocket, sockets, last } = factory();
    const onMessage = vi.fn();
    const conn = openRealtimeConnection({ url: 'ws://h/k', token: 't', onMessage, createSocket });
    vi.advanceTimersByTime(0);
    const s = last();
    s.open();
    conn.close();
    expect(s.closedWith).toBe(1000);
    s.receive({ cmd: 'topic' });
    vi.advanceTimersByTime(120_000);
    expect(s.sent).toEqual([]);
    expect(sockets).toHaveLength(1);
    expect(onMessage).not.toHaveBeenCalled();
  });
});

describe('the session socket', () => {
  const user = { id: 'u1', username: 'zhangsan', realname: '张三' } as UserInfo;

  it('follows the session store: opens on sign-in, reopens on a new token, closes on sign-out', () => {
    const { createSocket, sockets } = factory();
    const stop = startRealtime(createSocket);
    vi.advanceTimersByTime(0);
    expect(sockets).toHaveLength(0);

    useSessionStore.getState().signIn({ token: 'tok-1', userInfo: user });
    vi.advanceTimersByTime(0);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toBe(`ws://localhost:3000/websocket/u1_${md5Hex('tok-1')}`);
    sockets[0]?.open();

    // Other session changes (permissions) keep the socket.
    useSessionStore.getState().setPermissions({ menu: [], auth: [], allAuth: [], sysSafeMode: false });
    vi.advanceTimersByTime(0);
    expect(sockets).toHaveLength(1);

    useSessionStore.getState().signIn({ token: 'tok-2', userInfo: user });
    vi.advanceTimersByTime(0);
    expect(sockets[0]?.closedWith).toBe(1000);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]?.protocols).toEqual(['tok-2']);

    useSessionStore.getState().clear();
    expect(sockets[1]?.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
    stop();
  });

  it('reports its state: connecting, open, connecting again after a drop, closed when stopped', () => {
    const { createSocket, last } = factory();
    useSessionStore.getState().signIn({ token: 'tok', userInfo: user });
    expect(getRealtimeStatus()).toBe('closed');
    const stop = startRealtime(createSocket);
    expect(getRealtimeStatus()).toBe('connecting');
    vi.advanceTimersByTime(0);
    last().open();
    expect(getRealtimeStatus()).toBe('open');
    last().drop();
    expect(getRealtimeStatus()).toBe('connecting');
    for (let i = 0; i < 11; i++) {
      vi.advanceTimersByTime(5_000);
      last().fail();
    }
    expect(getRealtimeStatus()).toBe('closed');
    stop();
    expect(getRealtimeStatus()).toBe('closed');
  });

  it('stops with the shell', () => {
    const { createSocket, sockets } = factory();
    useSessionStore.getState().signIn({ token: 'tok', userInfo: user });
    const stop = startRealtime(createSocket);
    vi.advanceTimersByTime(0);
    sockets[0]?.open();
    stop();
    expect(sockets[0]?.closedWith).toBe(1000);
    useSessionStore.getState().signIn({ token: 'tok-3', userInfo: user });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('delivers messages to every subscriber, and a failing one does not stop the others', () => {
    const { createSocket, last } = factory();
    useSessionStore.getState().signIn({ token: 'tok', userInfo: user });
    const stop = startRealtime(createSocket);
    vi.advanceTimersByTime(0);
    const got: RealtimeMessage[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offBad = subscribeRealtime(() => {
      throw new Error('bug');
    });
    const offGood = subscribeRealtime((m) => got.push(m));
    last().open();
    last().receive({ cmd: 'notice', msgTxt: '{"status":"1","content":"x"}' });
    expect(got).toEqual([{ cmd: 'notice', msgTxt: '{"status":"1","content":"x"}' }]);
    expect(error).toHaveBeenCalledTimes(1);
    offGood();
    last().receive({ cmd: 'topic' });
    expect(got).toHaveLength(1);
    offBad();
    error.mockRestore();
    stop();
  });
});
