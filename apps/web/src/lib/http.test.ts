import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@houtai/shared/contract';
import { setFeedback, type Feedback } from './feedback.ts';
import { HttpError, http } from './http.ts';
import { useSessionStore } from './session-store.ts';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const errorNotify = vi.fn();
beforeEach(() => {
  errorNotify.mockReset();
  setFeedback({ notification: { error: errorNotify }, modal: { error: vi.fn() }, message: {} } as unknown as Feedback);
  useSessionStore.getState().signIn({ token: 'tok-1', userInfo: { id: '1', username: 'admin' } as UserInfo });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('http client', () => {
  it('sends the token and tenant-id, and returns a business failure envelope to the caller', async () => {
    const fetchMock = vi.fn(async (_u: string, _i: RequestInit) =>
      json(200, { success: false, message: '用户名或密码错误', code: 500, result: null, timestamp: 0 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const res = await http.post('/sys/something', { a: 1 });
    expect(res).toMatchObject({ success: false, message: '用户名或密码错误' });
    const headers = fetchMock.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers['X-Access-Token']).toBe('tok-1');
    expect(headers['tenant-id']).toBe('0');
    expect(errorNotify).not.toHaveBeenCalled();
  });

  it('on HTTP 403 notifies 拒绝访问 under 系统提示 and rejects', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, { success: false, message: '没有权限，请联系管理员授权', code: 403 })),
    );
    await expect(http.get('/sys/x')).rejects.toBeInstanceOf(HttpError);
    expect(errorNotify).toHaveBeenCalledWith(expect.objectContaining({ title: '系统提示', description: '拒绝访问' }));
  });

  it('on HTTP 401 logs out locally, tells the server, and reloads after 1.5 s', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const fetchMock = vi.fn(async (url: string, _i: RequestInit) =>
      url.endsWith('/sys/logout')
        ? json(200, { success: true, message: '退出登录成功！', code: 200 })
        : json(401, { success: false, message: 'Token失效，请重新登录', code: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(http.get('/sys/permission/getUserPermissionByToken')).rejects.toMatchObject({ status: 401 });
    expect(errorNotify).toHaveBeenCalledWith(
      expect.objectContaining({ description: '很抱歉，登录已过期，请重新登录' }),
    );
    expect(useSessionStore.getState().token).toBeNull();
    await vi.advanceTimersByTimeAsync(1499);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    const logoutCall = fetchMock.mock.calls.find(([u]) => u.endsWith('/sys/logout'));
    expect((logoutCall?.[1].headers as Record<string, string>)['X-Access-Token']).toBe('tok-1');
  });
});
