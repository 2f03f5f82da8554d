import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModalFuncProps } from 'antd';
import type { UserInfo } from '@houtai/shared/contract/user';
import { setFeedback, type Feedback } from './feedback.ts';
import { HttpError, apiUrl, http } from './http.ts';
import { useSessionStore } from './session-store.ts';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const TOKEN_INVALID = { success: false, message: 'Token失效，请重新登录', code: 500 };

function feedbackMocks() {
  return {
    notification: { error: vi.fn() },
    modal: { error: vi.fn<(config: ModalFuncProps) => void>() },
    message: { warning: vi.fn(), loading: vi.fn() },
  };
}

let fb = feedbackMocks();
beforeEach(() => {
  fb = feedbackMocks();
  setFeedback(fb as unknown as Feedback);
  useSessionStore.getState().signIn({ token: 'tok-1', userInfo: { id: '1', username: 'admin' } as UserInfo });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

/**
 * The client in a fresh module graph: the re-login reactions run once per page (the page reloads after them),
 * so each test of them needs a page of its own.
 */
async function freshClient(userAgent?: string) {
  vi.resetModules();
  const [feedback, client, session] = await Promise.all([
    import('./feedback.ts'),
    import('./http.ts'),
    import('./session-store.ts'),
  ]);
  const mocks = feedbackMocks();
  feedback.setFeedback(mocks as unknown as Feedback);
  session.useSessionStore.getState().signIn({ token: 'tok-1', userInfo: { id: '1', username: 'admin' } as UserInfo });
  if (userAgent) vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  const reload = vi.fn();
  stubReload(reload);
  return { ...client, session, fb: mocks, reload };
}

function stubFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) =>
    url.endsWith('/sys/logout')
      ? json(200, { success: true, message: '退出登录成功！', code: 200 })
      : answer(url, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** window.location with a spy for reload (its other fields are getters, which a spread would lose). */
function stubReload(reload: () => void) {
  const { pathname, search, href, origin } = window.location;
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    pathname,
    search,
    href,
    origin,
    reload,
  } as unknown as Location);
}

const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;

describe('http client', () => {
  it('sends the token and tenant-id, and returns a business failure envelope to the caller', async () => {
    const fetchMock = stubFetch(() =>
      json(200, { success: false, message: '用户名或密码错误', code: 500, result: null, timestamp: 0 }),
    );
    const res = await http.post('/sys/something', { a: 1 });
    expect(res).toMatchObject({ success: false, message: '用户名或密码错误' });
    const headers = headersOf(fetchMock.mock.calls[0]![1]);
    expect(headers['X-Access-Token']).toBe('tok-1');
    expect(headers['tenant-id']).toBe('0');
    expect(headers['X-Client']).toBe('houtai');
    expect(headers['X-Low-App-ID']).toBeUndefined();
    expect(fb.notification.error).not.toHaveBeenCalled();
  });

  it('on HTTP 403 notifies 拒绝访问 under 系统提示 and rejects', async () => {
    stubFetch(() => json(403, { success: false, message: '没有权限，请联系管理员授权', code: 403 }));
    await expect(http.get('/sys/x')).rejects.toBeInstanceOf(HttpError);
    expect(fb.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ title: '系统提示', description: '拒绝访问' }),
    );
  });

  it('on HTTP 401 logs out locally, tells the server, and reloads after 1.5 s', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    stubReload(reload);
    const fetchMock = stubFetch(() => json(401, { success: false, message: 'Token失效，请重新登录', code: 401 }));
    await expect(http.get('/sys/permission/getUserPermissionByToken')).rejects.toMatchObject({ status: 401 });
    expect(fb.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ description: '很抱歉，登录已过期，请重新登录' }),
    );
    expect(useSessionStore.getState().token).toBeNull();
    await vi.advanceTimersByTimeAsync(1499);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    const logoutCall = fetchMock.mock.calls.find(([u]) => u.endsWith('/sys/logout'));
    expect(headersOf(logoutCall?.[1])['X-Access-Token']).toBe('tok-1');
  });

  it('on HTTP 500 with Token失效 opens the 登录已过期 modal whose 重新登录 logs out and reloads', async () => {
    const c = await freshClient('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0');
    stubFetch(() => json(500, TOKEN_INVALID));
    await expect(c.http.get('/sys/x')).rejects.toMatchObject({
      status: 500,
      message: '很抱歉，登录已过期，请重新登录',
    });
    expect(c.fb.message.loading).not.toHaveBeenCalled();
    expect(c.fb.modal.error).toHaveBeenCalledTimes(1);
    const config = c.fb.modal.error.mock.calls[0]![0];
    expect(config).toMatchObject({
      title: '登录已过期',
      content: '很抱歉，登录已过期，请重新登录',
      okText: '重新登录',
    });
    expect(c.session.useSessionStore.getState().token).toBe('tok-1');
    await config.onOk?.();
    expect(c.session.useSessionStore.getState().token).toBeNull();
    expect(c.reload).toHaveBeenCalledTimes(1);
  });

  it('inside wxwork shows 登录已过期，正在重新登陆 as a loading message instead, then logs out and reloads', async () => {
    const c = await freshClient('Mozilla/5.0 (iPhone) MicroMessenger/8.0 wxwork/4.1.20');
    const fetchMock = stubFetch(() => json(500, TOKEN_INVALID));
    await expect(c.http.get('/sys/x')).rejects.toBeInstanceOf(c.HttpError);
    expect(c.fb.modal.error).not.toHaveBeenCalled();
    expect(c.fb.message.loading).toHaveBeenCalledWith(
      expect.objectContaining({ content: '登录已过期，正在重新登陆', duration: 0 }),
    );
    await vi.waitFor(() => expect(c.reload).toHaveBeenCalledTimes(1));
    expect(c.session.useSessionStore.getState().token).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => u.endsWith('/sys/logout'))).toBe(true);
  });

  it('does the same inside DingTalk, once however many calls fail together', async () => {
    const c = await freshClient('Mozilla/5.0 (Linux; Android 13) AliApp(DingTalk/7.5.0)');
    stubFetch(() => json(500, TOKEN_INVALID));
    await Promise.allSettled([c.http.get('/sys/a'), c.http.get('/sys/b')]);
    expect(c.fb.message.loading).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(c.reload).toHaveBeenCalledTimes(1));
  });

  it('tells a network failure (网络异常，请检查网络连接) from a time-out (网络超时)', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(http.get('/sys/x')).rejects.toMatchObject({ status: 'network', message: '网络异常，请检查网络连接' });
    expect(fb.notification.error).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: '系统提示', description: '网络异常，请检查网络连接' }),
    );

    stubFetch(
      (_u, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(http.get('/sys/x', undefined, { timeoutMs: 5 })).rejects.toMatchObject({
      status: 'timeout',
      message: '网络超时',
    });
    expect(fb.notification.error).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: '系统提示', description: '网络超时' }),
    );
  });

  it('answers HTTP 504 with 网络超时 and a non-JSON error page with 服务器异常（HTTP status）', async () => {
    stubFetch(() => new Response('<html>Gateway Timeout</html>', { status: 504 }));
    await expect(http.get('/sys/x')).rejects.toMatchObject({ status: 504, message: '网络超时' });
    stubFetch(
      () => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    await expect(http.get('/sys/x')).rejects.toMatchObject({ status: 502, message: '服务器异常（HTTP 502）' });
    expect(fb.notification.error).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: '系统提示', description: '服务器异常（HTTP 502）' }),
    );
  });

  it('shows nothing for a silent caller and still rejects', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(http.get('/sys/x', undefined, { silent: true })).rejects.toMatchObject({ status: 'network' });
    expect(fb.notification.error).not.toHaveBeenCalled();
  });
});

describe('X-Low-App-ID', () => {
  it('carries the app of a /lowApp/{appId}/… page', async () => {
    window.history.replaceState(null, '', '/lowApp/app-7/form/list');
    const fetchMock = stubFetch(() => json(200, { success: true, message: '', result: null }));
    await http.get('/sys/x');
    expect(headersOf(fetchMock.mock.calls[0]![1])['X-Low-App-ID']).toBe('app-7');
  });

  it('carries the appId query parameter of any page', async () => {
    window.history.replaceState(null, '', '/online/cgform?appId=app-9&x=1');
    const fetchMock = stubFetch(() => json(200, { success: true, message: '', result: null }));
    await http.post('/sys/x', {});
    expect(headersOf(fetchMock.mock.calls[0]![1])['X-Low-App-ID']).toBe('app-9');
  });
});

describe('apiUrl', () => {
  it('puts relative paths under the API base and leaves absolute http(s) URLs alone', () => {
    expect(apiUrl('/sys/x', '/api')).toBe('/api/sys/x');
    expect(apiUrl('sys/x', '')).toBe('/sys/x');
    expect(apiUrl('https://files.example.com/a.xlsx', '/api')).toBe('https://files.example.com/a.xlsx');
    expect(apiUrl('HTTP://other/b', '/api')).toBe('HTTP://other/b');
  });
});

describe('http.download', () => {
  it('reads the file as a Blob with the name from Content-Disposition, and sends params and _t', async () => {
    const fetchMock = stubFetch(
      () =>
        new Response(new Uint8Array([1, 2, 3]), {
          status: 200,
          headers: {
            'content-type': 'application/vnd.ms-excel',
            'content-disposition': `attachment; filename="report.xls"; filename*=UTF-8''${encodeURIComponent('报表 1.xls')}`,
          },
        }),
    );
    const { blob, filename } = await http.download('/sys/user/exportXls', { status: 1, none: null });
    expect(filename).toBe('报表 1.xls');
    expect(blob.size).toBe(3);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    const u = new URL(fetchMock.mock.calls[0]![0], 'http://localhost');
    expect(u.pathname).toBe('/api/sys/user/exportXls');
    expect(u.searchParams.get('status')).toBe('1');
    expect(u.searchParams.has('none')).toBe(false);
    expect(u.searchParams.has('_t')).toBe(true);
    expect(headersOf(fetchMock.mock.calls[0]![1])['X-Access-Token']).toBe('tok-1');
  });

  it('gives a null name when the server names no file, and keeps a JSON file that is no envelope', async () => {
    stubFetch(() => json(200, [{ a: 1 }]));
    const { blob, filename } = await http.download('/files/data.json');
    expect(filename).toBeNull();
    expect(await blob.text()).toBe('[{"a":1}]');
    expect(blob.type).toBe('application/json');
  });

  it('warns with the server message of a failure envelope and rejects', async () => {
    stubFetch(() => json(200, { success: false, message: '未知的文件', code: 500, result: null }));
    await expect(http.download('/sys/common/static/x.xlsx')).rejects.toMatchObject({
      message: '未知的文件',
      body: { success: false, message: '未知的文件' },
    });
    expect(fb.message.warning).toHaveBeenCalledWith('未知的文件');
    expect(fb.notification.error).not.toHaveBeenCalled();
  });

  it('opens the 登录已过期 modal for a token-invalid envelope, with HTTP 200 or HTTP 500', async () => {
    let c = await freshClient();
    stubFetch(() => json(200, TOKEN_INVALID));
    await expect(c.http.download('/sys/user/exportXls')).rejects.toBeInstanceOf(c.HttpError);
    expect(c.fb.modal.error).toHaveBeenCalledWith(expect.objectContaining({ title: '登录已过期' }));
    expect(c.fb.message.warning).not.toHaveBeenCalled();

    c = await freshClient();
    stubFetch(() => json(500, TOKEN_INVALID));
    await expect(c.http.download('/sys/user/exportXls')).rejects.toMatchObject({ status: 500 });
    expect(c.fb.modal.error).toHaveBeenCalledWith(expect.objectContaining({ okText: '重新登录' }));
  });

  it('runs HTTP errors through the catalogue like any call', async () => {
    stubFetch(() => json(404, { success: false, message: 'Not Found', code: 404 }));
    await expect(http.download('/sys/missing')).rejects.toMatchObject({ status: 404 });
    expect(fb.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ title: '系统提示', description: '很抱歉，资源未找到!' }),
    );
  });
});
