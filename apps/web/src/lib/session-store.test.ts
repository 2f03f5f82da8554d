import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@houtai/shared/contract/user';

const SEVEN_DAYS = 604_800_000;

async function freshStore() {
  vi.resetModules();
  return import('./session-store.ts');
}

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('session store', () => {
  it('keeps token, user info and the dictionary cache across reloads for 7 days, not longer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const first = await freshStore();
    first.useSessionStore.getState().signIn({
      token: 'tok',
      userInfo: { id: '1', realname: '管理员' } as UserInfo,
      sysAllDictItems: { sex: [{ value: '1', text: '男', title: '男', label: '男' }] },
    });

    vi.setSystemTime(Date.now() + SEVEN_DAYS - 1000);
    const reloaded = await freshStore();
    expect(reloaded.useSessionStore.getState()).toMatchObject({ token: 'tok', userInfo: { realname: '管理员' } });
    const dict = await import('./dict/dict-cache.ts');
    expect(dict.loadDictItems()?.sex?.[0]?.text).toBe('男');

    vi.setSystemTime(Date.now() + 1000);
    const expired = await freshStore();
    expect(expired.useSessionStore.getState().token).toBeNull();
    expect(expired.useSessionStore.getState().userInfo).toBeNull();
    expect((await import('./dict/dict-cache.ts')).loadDictItems()).toBeNull();
  });

  it('clears everything on logout', async () => {
    const { useSessionStore } = await freshStore();
    useSessionStore.getState().signIn({ token: 'tok', userInfo: { id: '1' } as UserInfo, sysAllDictItems: {} });
    useSessionStore.getState().clear();
    expect(useSessionStore.getState()).toMatchObject({ token: null, userInfo: null, permissions: null });
    expect(window.localStorage.length).toBe(0);
  });
});
