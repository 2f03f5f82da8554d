import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModalFuncProps } from 'antd';
import type { UserInfo } from '@houtai/shared/contract/user';
import { EARLY_REQUESTS, resetEarlyRequests, startEarlyRequests, takeEarlyResponse } from './early-requests.ts';
import { setFeedback, type Feedback } from './feedback.ts';
import { http } from './http.ts';
import { prepareRequest } from './request-init.ts';
import { useSessionStore } from './session-store.ts';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const PERMISSION_URL = '/sys/permission/getUserPermissionByToken';
const OK = { success: true, message: '', code: 200, result: { menu: [{ id: 'm' }] } };

const feedback = {
  notification: { error: vi.fn() },
  modal: { error: vi.fn<(config: ModalFuncProps) => void>() },
  message: { warning: vi.fn(), loading: vi.fn() },
};

beforeEach(() => {
  resetEarlyRequests();
  setFeedback(feedback as unknown as Feedback);
  useSessionStore.getState().signIn({ token: 'tok-1', userInfo: { id: '1', username: 'admin' } as UserInfo });
});
afterEach(() => {
  useSessionStore.getState().clear();
  resetEarlyRequests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('early requests', () => {
  it("send the first screen's calls with the stored session's headers, as the http client would", () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(json(OK)));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyRequests(() => 1_700_000_000_000);
    expect(fetchMock).toHaveBeenCalledTimes(EARLY_REQUESTS.length);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api${PERMISSION_URL}?_t=1700000000`);
    expect(init?.headers).toMatchObject({ 'X-Access-Token': 'tok-1', 'tenant-id': '0', 'X-Client': 'houtai' });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/sys/sysConfig/getByCode?code=SYSTEM_NOTIFICATIONS&_t=1700000000');
  });

  it('send nothing for a guest', () => {
    useSessionStore.getState().clear();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    startEarlyRequests();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answer the same request once, and never one with other headers', () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json(OK)));
    startEarlyRequests();
    const ctx = { tenantId: '0', apiBase: '/api', signSecret: '', location: null, now: Date.now() };
    const other = prepareRequest({ url: PERMISSION_URL }, { ...ctx, token: 'someone-else' });
    expect(takeEarlyResponse(other)).toBeUndefined();
    startEarlyRequests();
    const same = prepareRequest({ url: PERMISSION_URL }, { ...ctx, token: 'tok-1' });
    expect(takeEarlyResponse(same)).toBeInstanceOf(Promise);
    expect(takeEarlyResponse(same)).toBeUndefined();
  });

  it('let the http client use the early response instead of sending the call again', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json(OK)));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyRequests();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const res = await http.get(PERMISSION_URL);
    expect(res).toEqual(OK);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Used once: the next call goes out.
    await http.get(PERMISSION_URL);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('go through the error catalogue like any response (a refused token)', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json({ success: false, message: '无权限', code: 403 }, 403)));
    startEarlyRequests();
    await expect(http.get(PERMISSION_URL, undefined, { silent: true })).rejects.toMatchObject({ status: 403 });
  });

  it('are sent again when the early one failed on the network', async () => {
    const fetchMock = vi
      .fn<(url: string, init?: RequestInit) => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValue(json(OK));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyRequests();
    await expect(http.get(PERMISSION_URL)).resolves.toEqual(OK);
    expect(fetchMock.mock.calls.filter(([u]) => u.includes('getUserPermissionByToken'))).toHaveLength(2);
  });
});
