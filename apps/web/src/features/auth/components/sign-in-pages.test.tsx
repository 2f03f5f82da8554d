import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { UserInfo } from '@houtai/shared/contract/user';
import { useSessionStore } from '../../../lib/session-store.ts';
import { LoginByAdminPage, holdsAction } from './login-by-admin-page.tsx';
import { PasswordResetSteps } from './password-reset-steps.tsx';
import { RegisterForm } from './register-form.tsx';
import { FeedbackHost } from '../../../lib/feedback-host.tsx';

type FetchMock = ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;

function reply(body: Record<string, unknown>) {
  return new Response(JSON.stringify({ success: false, message: '', code: 500, result: null, timestamp: 0, ...body }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch answering by path; every call is recorded with its parsed JSON body. */
function stubServer(routes: Record<string, (body: unknown) => Record<string, unknown>>): FetchMock {
  const mock: FetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api/, '').split('?')[0]!;
    const handler = routes[path];
    if (!handler) throw new Error(`unexpected call ${url}`);
    return reply(handler(init?.body ? JSON.parse(init.body as string) : null));
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

function bodiesOf(mock: FetchMock, path: string): unknown[] {
  return mock.mock.calls
    .filter(([u]) => u.includes(path))
    .map(([, init]) => JSON.parse(init?.body as string) as unknown);
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => useSessionStore.getState().clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('register form', () => {
  function renderForm(onSuccess = vi.fn()) {
    render(
      <FeedbackHost>
        <RegisterForm onSuccess={onSuccess} />
      </FeedbackHost>,
    );
    return onSuccess;
  }

  it('shows every required message when submitted empty, without calling the server', async () => {
    const fetchMock = stubServer({});
    renderForm();
    fireEvent.click(screen.getByTestId('register-submit'));
    for (const text of ['请输入用户名', '请输入密码', '请确认新密码!', '请输入手机号', '请输入手机验证码'])
      expect(await screen.findByText(text)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('applies the username, password, confirmation, phone and email rules with the catalogue messages', async () => {
    stubServer({});
    renderForm();
    type('用户名', 'bad name');
    expect(await screen.findByText('只允许字母、数字、下划线')).toBeTruthy();
    type('用户名', 'abc');
    expect(await screen.findByText('长度6到18个字符')).toBeTruthy();
    type('密码', 'abcdefgh');
    expect(await screen.findByText('密码必须由6位以上数字、字母、特殊字符的任意两种组合!')).toBeTruthy();
    type('密码', 'Good_pass1');
    type('确认密码', 'Good_pass2');
    expect(await screen.findByText('两次输入的密码不一样！')).toBeTruthy();
    type('手机号', '12345678901');
    expect(await screen.findByText('请输入正确手机号')).toBeTruthy();
    type('邮箱', 'not-an-email');
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
  });

  it('asks for a register code (smsmode 1) and counts down 60 s', async () => {
    const fetchMock = stubServer({ '/sys/sms': () => ({ success: true, code: 200, message: '短信验证码发送成功' }) });
    renderForm();
    fireEvent.click(screen.getByText('获取验证码'));
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    type('手机号', '13900000001');
    fireEvent.click(screen.getByText('获取验证码'));
    expect(await screen.findByText('60 s')).toBeTruthy();
    expect(bodiesOf(fetchMock, '/sys/sms')).toEqual([{ mobile: '13900000001', smsmode: '1' }]);
  });

  it('registers with the form values and reports the account; a refusal shows the server message', async () => {
    let answer: Record<string, unknown> = { message: '手机验证码错误' };
    const fetchMock = stubServer({ '/sys/user/register': () => answer });
    const onSuccess = renderForm();
    type('用户名', 'newbie');
    type('密码', 'Good_pass1');
    type('确认密码', 'Good_pass1');
    type('手机号', '13900000001');
    type('短信验证码', ' 123456 ');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-error')).textContent).toContain('手机验证码错误');
    expect(onSuccess).not.toHaveBeenCalled();

    answer = { success: true, code: 200, message: '注册成功', result: { username: 'newbie' } };
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('newbie'));
    expect(bodiesOf(fetchMock, '/sys/user/register')[1]).toEqual({
      username: 'newbie',
      password: 'Good_pass1',
      phone: '13900000001',
      smscode: '123456',
    });
  });
});

describe('password reset steps', () => {
  it('verifies the phone, then sets the new password with the ticket, then offers the way back', async () => {
    const fetchMock = stubServer({
      '/sys/sms': () => ({ success: true, code: 200, message: '短信验证码发送成功' }),
      '/sys/user/phoneVerification': () => ({
        success: true,
        code: 200,
        message: '验证成功',
        result: { username: 'lisi', ticket: 'T1', smscode: 'T1' },
      }),
      '/sys/user/passwordChange': () => ({ success: true, code: 200, message: '密码重置成功!' }),
    });
    const back = vi.fn();
    render(
      <FeedbackHost>
        <PasswordResetSteps onBackToLogin={back} />
      </FeedbackHost>,
    );
    type('手机号', '13800000002');
    fireEvent.click(screen.getByText('获取验证码'));
    await screen.findByText('60 s');
    expect(bodiesOf(fetchMock, '/sys/sms')).toEqual([{ mobile: '13800000002', smsmode: '2' }]);
    type('短信验证码', '654321');
    fireEvent.click(screen.getByTestId('reset-verify'));

    expect((await screen.findByLabelText<HTMLInputElement>('账户')).value).toBe('lisi');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('请输入新密码!')).toBeTruthy();
    type('新密码', 'New_pass1');
    type('确认新密码', 'New_pass2');
    expect(await screen.findByText('两次输入的密码不一样！')).toBeTruthy();
    type('确认新密码', 'New_pass1');
    fireEvent.click(screen.getByTestId('reset-submit'));

    expect(await screen.findByText('更改密码成功')).toBeTruthy();
    expect(bodiesOf(fetchMock, '/sys/user/phoneVerification')).toEqual([{ phone: '13800000002', smscode: '654321' }]);
    expect(bodiesOf(fetchMock, '/sys/user/passwordChange')).toEqual([
      { username: 'lisi', password: 'New_pass1', phone: '13800000002', ticket: 'T1' },
    ]);
    fireEvent.click(screen.getByTestId('reset-back-login'));
    expect(back).toHaveBeenCalled();
  });

  it('stays on the first step and shows the server message for a wrong code', async () => {
    stubServer({ '/sys/user/phoneVerification': () => ({ message: '手机验证码错误' }) });
    render(
      <FeedbackHost>
        <PasswordResetSteps onBackToLogin={vi.fn()} />
      </FeedbackHost>,
    );
    type('手机号', '13800000002');
    type('短信验证码', '000000');
    fireEvent.click(screen.getByTestId('reset-verify'));
    expect((await screen.findByTestId('reset-error')).textContent).toContain('手机验证码错误');
    expect(screen.queryByLabelText('新密码')).toBeNull();
  });
});

describe('login by admin', () => {
  function Where() {
    const l = useLocation();
    return <div data-testid="where">{l.pathname}</div>;
  }

  function renderPage() {
    const router = createMemoryRouter(
      [
        { path: '/user/LoginByAdmin', element: <LoginByAdminPage /> },
        { path: '*', element: <Where /> },
      ],
      { initialEntries: ['/user/LoginByAdmin'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FeedbackHost>
          <RouterProvider router={router} />
        </FeedbackHost>
      </QueryClientProvider>,
    );
  }

  const permissions = (actions: string[]) => () => ({
    success: true,
    code: 200,
    result: {
      menu: [{ path: '/dashboard/analysis' }],
      auth: actions.map((action) => ({ action, type: '1' })),
      allAuth: [],
      sysSafeMode: false,
    },
  });

  it('recognises the permission also inside a comma list', () => {
    expect(holdsAction([{ action: 'a:b, system:user:loginByAdmin', type: '1' }], 'system:user:loginByAdmin')).toBe(
      true,
    );
    expect(holdsAction([{ action: 'system:user:loginByAdminX', type: '1' }], 'system:user:loginByAdmin')).toBe(false);
  });

  it('explains that an administrator must sign in first when nobody is signed in', async () => {
    stubServer({});
    renderPage();
    expect((await screen.findByTestId('login-by-admin-denied')).textContent).toContain('请先以管理员身份登录');
  });

  it('explains the missing permission to a signed-in user without it', async () => {
    useSessionStore.getState().signIn({ token: 'guest-token', userInfo: { id: '9', username: 'guest' } as UserInfo });
    stubServer({ '/sys/permission/getUserPermissionByToken': permissions(['hz:entrance']) });
    renderPage();
    expect((await screen.findByTestId('login-by-admin-denied')).textContent).toContain('当前用户没有该权限');
  });

  it('signs in as the user, keeps the new session, ends the administrator session and goes home', async () => {
    useSessionStore.getState().signIn({ token: 'admin-token', userInfo: { id: '1', username: 'admin' } as UserInfo });
    let answer: Record<string, unknown> = { message: '该用户不存在' };
    const fetchMock = stubServer({
      '/sys/permission/getUserPermissionByToken': permissions(['system:user:loginByAdmin']),
      '/sys/loginByAdmin': () => answer,
      '/sys/logout': () => ({ success: true, code: 200 }),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('login-by-admin-submit'));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    type('用户账号', 'nobody');
    fireEvent.click(screen.getByTestId('login-by-admin-submit'));
    expect((await screen.findByTestId('login-by-admin-error')).textContent).toContain('该用户不存在');

    answer = {
      success: true,
      code: 200,
      message: '登录成功',
      result: { token: 'zhangsan-token', userInfo: { id: '2', username: 'zhangsan' } },
    };
    type('用户账号', 'zhangsan');
    fireEvent.click(screen.getByTestId('login-by-admin-submit'));
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard/analysis');
    expect(useSessionStore.getState().token).toBe('zhangsan-token');
    expect(useSessionStore.getState().userInfo?.username).toBe('zhangsan');
    expect(bodiesOf(fetchMock, '/sys/loginByAdmin').at(-1)).toEqual({ username: 'zhangsan' });
    await waitFor(() => {
      const logout = fetchMock.mock.calls.find(([u]) => u.includes('/sys/logout'));
      expect(new Headers(logout?.[1]?.headers).get('X-Access-Token')).toBe('admin-token');
    });
  });
});
