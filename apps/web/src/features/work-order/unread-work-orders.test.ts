import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/session-store.ts';
import type { UserInfo } from '@houtai/shared/contract/user';
import {
  addUnreadWorkOrder,
  readUnreadWorkOrders,
  removeUnreadWorkOrder,
  useUnreadWorkOrdersStore,
  withUnread,
  workOrderDetailPath,
} from './unread-work-orders.ts';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** A server holding one user's WORK_ORDER value; GET and PUT answer after a tick, like the network. */
function fakeServer(initial: unknown) {
  let stored: unknown = initial;
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      await new Promise((r) => setTimeout(r, 1));
      let result: unknown = null;
      if (method === 'GET' && url.pathname.endsWith('/sys/redis/get')) result = stored;
      else if (method === 'PUT' && url.pathname.endsWith('/sys/redis/set')) {
        stored = (body as { v: unknown }).v;
        result = stored;
      } else return new Response('{}', { status: 404 });
      return new Response(JSON.stringify({ success: true, message: '', code: 200, result, timestamp: 0 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { calls, stored: () => stored };
}

function signIn(id: string): void {
  useSessionStore.getState().signIn({ token: `tok-${id}`, userInfo: { id, username: id, realname: id } as UserInfo });
}

beforeEach(() => {
  signIn('u1');
  useUnreadWorkOrdersStore.setState({ ids: [], loaded: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('unread work orders (key WORK_ORDER)', () => {
  it('reads the list with GET /sys/redis/get?k=WORK_ORDER and keeps it in the store', async () => {
    const server = fakeServer(['a', 'b']);
    expect(await readUnreadWorkOrders()).toEqual(['a', 'b']);
    expect(server.calls[0]!.method).toBe('GET');
    expect(server.calls[0]!.url.searchParams.get('k')).toBe('WORK_ORDER');
    expect(useUnreadWorkOrdersStore.getState()).toMatchObject({ ids: ['a', 'b'], loaded: true });
  });

  it('understands the comma-separated form and ignores anything that is not an id list', async () => {
    fakeServer('a, b,,a');
    expect(await readUnreadWorkOrders()).toEqual(['a', 'b']);
    fakeServer({ unexpected: true });
    expect(await readUnreadWorkOrders()).toEqual([]);
  });

  it('adds by reading the server first and saving with PUT {k, v, t: 0}', async () => {
    const server = fakeServer(['a']);
    await addUnreadWorkOrder('b');
    expect(server.calls.map((c) => c.method)).toEqual(['GET', 'PUT']);
    expect(server.calls[1]!.body).toEqual({ k: 'WORK_ORDER', v: ['a', 'b'], t: 0 });
    expect(useUnreadWorkOrdersStore.getState().ids).toEqual(['a', 'b']);
  });

  it('saves nothing when the order is already unread, or when a read one is removed', async () => {
    const server = fakeServer(['a']);
    await addUnreadWorkOrder('a');
    await removeUnreadWorkOrder('zzz');
    expect(server.calls.map((c) => c.method)).toEqual(['GET', 'GET']);
  });

  it('removes the mark at once and then from the server', async () => {
    const server = fakeServer(['a', 'b']);
    await readUnreadWorkOrders();
    const done = removeUnreadWorkOrder('a');
    expect(useUnreadWorkOrdersStore.getState().ids).toEqual(['b']);
    await done;
    expect(server.stored()).toEqual(['b']);
  });

  it('runs concurrent changes one after another, so none is lost', async () => {
    const server = fakeServer([]);
    await Promise.all([
      addUnreadWorkOrder('a'),
      addUnreadWorkOrder('b'),
      removeUnreadWorkOrder('a'),
      addUnreadWorkOrder('c'),
    ]);
    expect(server.stored()).toEqual(['b', 'c']);
    expect(useUnreadWorkOrdersStore.getState().ids).toEqual(['b', 'c']);
  });

  it('goes on after a failed call', async () => {
    fakeServer(['a']);
    const failing = vi.fn(async () => new Response('{"success":false,"message":"不支持的键名"}', { status: 200 }));
    vi.stubGlobal('fetch', failing);
    await expect(addUnreadWorkOrder('b')).rejects.toThrow('不支持的键名');
    const server = fakeServer(['a']);
    await addUnreadWorkOrder('b');
    expect(server.stored()).toEqual(['a', 'b']);
  });

  it('keeps the newest 500 ids, dropping the oldest', () => {
    const full = Array.from({ length: 500 }, (_, i) => `id${i}`);
    const next = withUnread(full, 'new');
    expect(next).toHaveLength(500);
    expect(next[0]).toBe('id1');
    expect(next.at(-1)).toBe('new');
    expect(withUnread(['a', 'b'], 'a')).toEqual(['b', 'a']);
  });

  it('forgets the marks when another user signs in', async () => {
    fakeServer(['a']);
    await readUnreadWorkOrders();
    signIn('u2');
    expect(useUnreadWorkOrdersStore.getState()).toEqual({ ids: [], loaded: false });
  });

  it('builds the detail address with the id escaped', () => {
    expect(workOrderDetailPath('a/b')).toBe('/bi/workOrder/WorkOrderDetail/a%2Fb');
  });
});
