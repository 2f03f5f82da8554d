/** Test helpers of the header and dialogs: providers, a signed-in session and a fetch mock by route. */
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter } from 'react-router';
import type { PermissionEntry } from '@houtai/shared/contract/permission';
import type { UserInfo } from '@houtai/shared/contract/user';
import { useSessionStore } from '../lib/session-store.ts';
import { FeedbackHost } from '../lib/feedback-host.tsx';

export function renderInShell(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ConfigProvider locale={zhCN}>
          <FeedbackHost>{ui}</FeedbackHost>
        </ConfigProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export function signInAs(user: Partial<UserInfo> = {}, auth: PermissionEntry[] = []): UserInfo {
  const userInfo = { id: 'u1', username: 'zhangsan', realname: '张三', orgCode: 'A03A01', ...user } as UserInfo;
  useSessionStore.getState().signIn({ token: 'tok', userInfo });
  useSessionStore.getState().setPermissions({ menu: [], auth, allAuth: auth, sysSafeMode: false });
  return userInfo;
}

export function envelope(body: { success?: boolean; message?: string; result?: unknown }) {
  return new Response(JSON.stringify({ success: true, message: '', code: 200, result: null, timestamp: 0, ...body }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** Stubs fetch; `routes` maps 'METHOD /path' to the envelope fields; every call is recorded. */
export function mockApi(
  routes: Record<string, (body: unknown) => { success?: boolean; message?: string; result?: unknown }>,
) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    if (!handler) return envelope({ success: false, message: `unmocked ${method} ${path}` });
    return envelope(handler(body));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
