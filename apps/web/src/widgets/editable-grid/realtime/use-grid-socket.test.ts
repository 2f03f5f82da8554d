import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GridRow } from '@houtai/shared/grid/types';
import { socketOrigin, type SocketLike } from '../../../lib/realtime.ts';
import { gridSocketUrl, openGridSocket, useGridSocket, type GridSocketOptions } from './use-grid-socket.ts';

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
    const s = sockets.at(-1);
    if (!s) throw new Error('no socket was opened');
    return s;
  };
  return { sockets, createSocket, last };
}

const HEARTBEAT = '{"type":"heart_beat"}';
const REPLY = { type: 'heart_beat', data: true };

function open(overrides: Partial<GridSocketOptions> = {}) {
  const f = factory();
  const onUpdate = vi.fn();
  const connection = openGridSocket({
    url: 'ws://host/vxeSocket/u1/page-1',
    userId: 'u1',
    pageId: 'page-1',
    token: 'tok',
    onUpdate,
    createSocket: f.createSocket,
    ...overrides,
  });
  return { ...f, onUpdate, connection };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('gridSocketUrl', () => {
  it('is /vxeSocket/{userId}/{pageId} on the API host, ws or wss after the page, with no token in it', () => {
    expect(gridSocketUrl('u1', 'order:list', '/api', 'http://host:3000/x')).toBe(
      `ws://host:3000/vxeSocket/u1/${encodeURIComponent('order:list')}`,
    );
    expect(gridSocketUrl('u 1', 'p.1', 'https://api.example.com/prefix', 'http://web.example.com/')).toBe(
      'wss://api.example.com/vxeSocket/u%201/p.1',
    );
  });
});

describe('openGridSocket', () => {
  it('opens with the token as the only sub-protocol and sends a heartbeat once open', () => {
    const { last } = open();
    expect(last().url).toBe('ws://host/vxeSocket/u1/page-1');
    expect(last().protocols).toEqual(['tok']);
    expect(last().sent).toEqual([]);
    last().open();
    expect(last().sent).toEqual([HEARTBEAT]);
  });

  it('sends the next heartbeat 10 s after the reply', () => {
    const { last } = open();
    last().open();
    last().receive(REPLY);
    vi.advanceTimersByTime(9999);
    expect(last().sent).toEqual([HEARTBEAT]);
    vi.advanceTimersByTime(1);
    expect(last().sent).toEqual([HEARTBEAT, HEARTBEAT]);
  });

  it('closes a socket whose heartbeat got no reply in 6 s and opens a new one at once', () => {
    const { sockets, last } = open();
    last().open();
    vi.advanceTimersByTime(6000);
    expect(sockets).toHaveLength(2);
    expect(sockets[0]?.closedWith).toBe(1000);
    // The dead socket's late events change nothing.
    sockets[0]?.fail();
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(2);
  });

  it('reconnects 5 s after an error or a close', () => {
    const { sockets, last } = open();
    last().open();
    last().fail();
    vi.advanceTimersByTime(4999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([HEARTBEAT]);
  });

  it("hands other viewers' updates of this grid to onUpdate and ignores the rest", () => {
    const { last, onUpdate } = open({ socketKey: 'grid-a' });
    last().open();
    const row: GridRow = { id: 'r1', name: '张三' };
    last().receive({ type: 'update_vxe_table', data: { socketKey: 'grid-a', row, senderId: 's1' } });
    last().receive({ type: 'update_vxe_table', data: { socketKey: 'grid-b', row, senderId: 's1' } });
    last().receive('not json');
    last().receive({ type: 'common_send_date', data: {} });
    expect(onUpdate).toHaveBeenCalledTimes(1);
    expect(onUpdate).toHaveBeenCalledWith(row, { socketKey: 'grid-a', senderId: 's1' });
  });

  it('send(row) sends update_vxe_table with the socketKey once open, and answers false before', () => {
    const { last, connection } = open();
    const row: GridRow = { id: 'r1', qty: 2 };
    expect(connection.send(row)).toBe(false);
    last().open();
    expect(connection.send(row)).toBe(true);
    expect(JSON.parse(last().sent[1] ?? '')).toEqual({
      type: 'update_vxe_table',
      data: { socketKey: 'page-1', row },
    });
    last().fail();
    expect(connection.send(row)).toBe(false);
  });

  it('close() closes the socket for good', () => {
    const { sockets, last, connection } = open();
    last().open();
    connection.close();
    expect(last().closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('useGridSocket', () => {
  function renderGridSocket(initial: Partial<GridSocketOptions> = {}) {
    const f = factory();
    const onUpdate = vi.fn();
    const base: GridSocketOptions = {
      userId: 'u1',
      pageId: 'page-1',
      token: 'tok',
      onUpdate,
      createSocket: f.createSocket,
      ...initial,
    };
    const hook = renderHook((props: GridSocketOptions) => useGridSocket(props), { initialProps: base });
    return { ...f, onUpdate, hook, base };
  }

  it('opens the page socket after one task, and send(row) reaches it once open', () => {
    const { sockets, last, hook } = renderGridSocket();
    expect(sockets).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(last().url).toBe(`${socketOrigin()}/vxeSocket/u1/page-1`);
    expect(last().protocols).toEqual(['tok']);
    expect(hook.result.current.send({ id: 'r1' })).toBe(false);
    last().open();
    expect(hook.result.current.send({ id: 'r1' })).toBe(true);
    expect(last().sent.at(-1)).toContain('"update_vxe_table"');
  });

  it('opens no socket when mounted and unmounted at once, nor without a token or with a bad page id', () => {
    const first = renderGridSocket();
    first.hook.unmount();
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(first.sockets).toHaveLength(0);
    for (const initial of [{ token: '' }, { userId: '' }, { pageId: 'a/b' }, { pageId: '' }]) {
      const r = renderGridSocket(initial);
      act(() => {
        vi.advanceTimersByTime(0);
      });
      expect(r.sockets).toHaveLength(0);
      expect(r.hook.result.current.send({ id: 'r1' })).toBe(false);
    }
  });

  it('calls the latest onUpdate', () => {
    const { last, hook, base, onUpdate } = renderGridSocket();
    act(() => {
      vi.advanceTimersByTime(0);
    });
    last().open();
    const later = vi.fn();
    hook.rerender({ ...base, onUpdate: later });
    last().receive({ type: 'update_vxe_table', data: { socketKey: 'page-1', row: { id: 'r2' }, senderId: 's' } });
    expect(onUpdate).not.toHaveBeenCalled();
    expect(later).toHaveBeenCalledWith({ id: 'r2' }, { socketKey: 'page-1', senderId: 's' });
  });

  it('a new page opens a new socket and closes the old one; unmounting closes it', () => {
    const { sockets, last, hook, base } = renderGridSocket();
    act(() => {
      vi.advanceTimersByTime(0);
    });
    last().open();
    hook.rerender({ ...base, pageId: 'page-2' });
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(sockets).toHaveLength(2);
    expect(sockets[0]?.closedWith).toBe(1000);
    expect(last().url).toBe(`${socketOrigin()}/vxeSocket/u1/page-2`);
    hook.unmount();
    expect(last().closedWith).toBe(1000);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(sockets).toHaveLength(2);
  });
});
