import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@houtai/shared/contract/user';
import { DEFAULT_SETTINGS, normaliseSettings, type DisplaySettings } from '@houtai/shared/settings';

interface Call {
  method: string;
  path: string;
  body: unknown;
  keepalive: boolean;
}

function reply(result: unknown, success = true, message = '') {
  return new Response(JSON.stringify({ success, message, code: success ? 200 : 500, result, timestamp: 0 }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** A server that keeps one settings set and answers like the real one (merge + normalise). */
function fakeServer(stored: Partial<DisplaySettings> = {}, tweak: (s: DisplaySettings) => DisplaySettings = (s) => s) {
  const calls: Call[] = [];
  let current = normaliseSettings(stored);
  const pending: (() => void)[] = [];
  let hold = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body, keepalive: init?.keepalive === true });
      if (hold) await new Promise<void>((resolve) => pending.push(resolve));
      if (path === '/sys/user/getUserSettings') return reply(current);
      if (path === '/sys/user/saveUserSettings') {
        current = tweak(normaliseSettings({ ...current, ...(body as Partial<DisplaySettings>) }));
        return reply(current, true, '保存成功!');
      }
      return reply(null, false, 'unmocked');
    }),
  );
  return {
    calls,
    saves: () => calls.filter((c) => c.path === '/sys/user/saveUserSettings'),
    hold: (on: boolean) => {
      hold = on;
      if (!on) pending.splice(0).forEach((r) => r());
    },
  };
}

async function fresh() {
  vi.resetModules();
  const session = await import('../../../lib/session-store.ts');
  const store = await import('./settings-store.ts');
  return { session, store };
}

const user = { id: 'u1', username: 'zhangsan', realname: '张三' } as UserInfo;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('settings store', () => {
  it('starts from the defaults (#1890FF, light, top menu, fixed width, multi-tab) without a session', async () => {
    const server = fakeServer();
    const { store } = await fresh();
    const stop = store.startSettingsSync();
    expect(store.settingsStore.getState().settings).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      primaryColor: '#1890FF',
      theme: 'light',
      layout: 'topmenu',
      contentWidth: 'Fixed',
      multipage: true,
    });
    store.settingsStore.getState().update({ theme: 'dark' });
    await new Promise((r) => setTimeout(r, 600));
    expect(server.calls).toEqual([]);
    stop();
  });

  it("loads the user's settings after sign-in and paints them first after a reload", async () => {
    const server = fakeServer({ layout: 'sidemenu', primaryColor: '#F5222D', fixedHeader: true });
    const { session, store } = await fresh();
    const stop = store.startSettingsSync();
    session.useSessionStore.getState().signIn({ token: 'tok', userInfo: user });
    await vi.waitFor(() => expect(store.settingsStore.getState().loaded).toBe(true));
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /sys/user/getUserSettings']);
    expect(store.settingsStore.getState().settings).toMatchObject({
      layout: 'sidemenu',
      primaryColor: '#F5222D',
      fixedHeader: true,
    });
    stop();

    // A reload: before any answer, the mirror of this user is on screen.
    fakeServer();
    const again = await fresh();
    expect(again.store.settingsStore.getState().settings).toMatchObject({
      layout: 'sidemenu',
      primaryColor: '#F5222D',
    });
    expect(again.store.settingsStore.getState().loaded).toBe(false);
  });

  it('keeps the mirror (or defaults) when loading fails, and never mixes users', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(null, false, '失败')),
    );
    window.localStorage.setItem(
      'houtai:display-settings:u2',
      JSON.stringify({ value: { ...DEFAULT_SETTINGS, theme: 'dark' }, expire: null }),
    );
    const { session, store } = await fresh();
    const stop = store.startSettingsSync();
    session.useSessionStore.getState().signIn({ token: 'tok', userInfo: user });
    await new Promise((r) => setTimeout(r, 20));
    expect(store.settingsStore.getState().settings).toEqual(DEFAULT_SETTINGS);
    expect(store.settingsStore.getState().loaded).toBe(false);
    stop();
  });

  it('applies the drawer rules at once: Fluid only in the top menu, auto-hide needs a fixed header', async () => {
    fakeServer();
    const { store } = await fresh();
    const { update } = store.settingsStore.getState();
    update({ layout: 'sidemenu', contentWidth: 'Fluid', autoHideHeader: true });
    expect(store.settingsStore.getState().settings).toMatchObject({
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      autoHideHeader: false,
    });
    update({ layout: 'topmenu', contentWidth: 'Fluid', fixedHeader: true, autoHideHeader: true, fixedSidebar: true });
    expect(store.settingsStore.getState().settings).toMatchObject({
      contentWidth: 'Fluid',
      autoHideHeader: true,
      fixedSidebar: false,
    });
  });

  it('saves the whole set once, 500 ms after the last change, and applies the server answer', async () => {
    // The server normalises and may change more than was sent (here it also collapses the sider).
    const server = fakeServer({}, (s) => ({ ...s, sidebarOpen: false }));
    const { session, store } = await fresh();
    const stop = store.startSettingsSync();
    session.useSessionStore.getState().signIn({ token: 'tok', userInfo: user });
    await vi.waitFor(() => expect(store.settingsStore.getState().loaded).toBe(true));

    vi.useFakeTimers();
    store.settingsStore.getState().update({ theme: 'dark' });
    await vi.advanceTimersByTimeAsync(300);
    store.settingsStore.getState().update({ primaryColor: '#722ED1' });
    await vi.advanceTimersByTimeAsync(499);
    expect(server.saves()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.saves()).toHaveLength(1);
    expect(server.saves()[0]).toMatchObject({
      method: 'PUT',
      body: { ...DEFAULT_SETTINGS, theme: 'dark', primaryColor: '#722ED1' },
    });
    vi.useRealTimers();
    await vi.waitFor(() => expect(store.settingsStore.getState().settings.sidebarOpen).toBe(false));
    expect(store.settingsStore.getState().settings).toMatchObject({ theme: 'dark', primaryColor: '#722ED1' });
    const mirror = JSON.parse(window.localStorage.getItem('houtai:display-settings:u1') ?? '{}') as {
      value: DisplaySettings;
    };
    expect(mirror.value).toMatchObject({ theme: 'dark', sidebarOpen: false });
    stop();
  });

  it('does not let the answer to an older save undo a newer change', async () => {
    const server = fakeServer();
    const { session, store } = await fresh();
    const stop = store.startSettingsSync();
    session.useSessionStore.getState().signIn({ token: 'tok', userInfo: user });
    await vi.waitFor(() => expect(store.settingsStore.getState().loaded).toBe(true));

    server.hold(true);
    store.settingsStore.getState().update({ theme: 'dark' });
    // The save of 'dark' is on its way when the user picks 'light'.
    const inFlight = store.flushSettings();
    store.settingsStore.getState().update({ theme: 'light', multipage: false });
    server.hold(false);
    await inFlight;
    expect(server.saves()[0]?.body).toMatchObject({ theme: 'dark' });
    await new Promise((r) => setTimeout(r, 20));
    expect(store.settingsStore.getState().settings).toMatchObject({ theme: 'light', multipage: false });
    // The newer change is saved on its own turn.
    await vi.waitFor(() => expect(server.saves()).toHaveLength(2));
    expect(server.saves()[1]?.body).toMatchObject({ theme: 'light', multipage: false });
    stop();
  });

  it('sends a change still waiting for its save when the page goes away, with keepalive', async () => {
    const server = fakeServer();
    const { session, store } = await fresh();
    const stop = store.startSettingsSync();
    session.useSessionStore.getState().signIn({ token: 'tok', userInfo: user });
    await vi.waitFor(() => expect(store.settingsStore.getState().loaded).toBe(true));

    store.settingsStore.getState().update({ theme: 'dark' });
    expect(server.saves()).toHaveLength(0);
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]).toMatchObject({ body: { theme: 'dark' }, keepalive: true });
    stop();
    // Once stopped, leaving the page sends nothing more.
    store.settingsStore.getState().update({ theme: 'light' });
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((r) => setTimeout(r, 20));
    expect(server.saves()).toHaveLength(1);
  });
});
