import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PasswordLoginForm } from './password-login-form.tsx';
import { PhoneLoginForm } from './phone-login-form.tsx';
import { FeedbackHost } from '../../../lib/feedback-host.tsx';

function reply(body: Record<string, unknown>) {
  return new Response(JSON.stringify({ success: false, message: '', code: 500, result: null, timestamp: 0, ...body }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('password login form', () => {
  it('asks for 请输入用户名 and 请输入密码 when submitted empty, without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<PasswordLoginForm onSuccess={vi.fn()} />);
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server message and, on code 412, a captcha loaded from /sys/randomImage/{key}', async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url.includes('/sys/randomImage/'))
        return reply({ success: true, code: 200, result: 'data:image/png;base64,AAAA' });
      return reply({ code: 412, message: '请输入验证码' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onSuccess = vi.fn();
    render(<PasswordLoginForm onSuccess={onSuccess} />);
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'wrong-pass' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('请输入验证码');
    const img = await screen.findByAltText('验证码');
    expect(img.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    const imageCall = fetchMock.mock.calls.find(([u]) => u.includes('/sys/randomImage/'));
    expect(imageCall?.[0]).toMatch(/\/api\/sys\/randomImage\/\d{13}\?_t=\d+$/);
    const [, loginInit] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(loginInit?.body as string)).toEqual({ username: 'admin', password: 'wrong-pass' });
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('sends the captcha with the key of its image once one is required', async () => {
    let loginBodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.includes('/sys/randomImage/'))
          return reply({ success: true, code: 200, result: 'data:image/png;base64,AAAA' });
        loginBodies = [...loginBodies, JSON.parse(init?.body as string)];
        if (loginBodies.length === 1) return reply({ code: 412, message: '验证码错误' });
        return reply({ success: true, code: 200, message: '登录成功', result: { token: 't', userInfo: { id: '1' } } });
      }),
    );
    const onSuccess = vi.fn();
    render(<PasswordLoginForm onSuccess={onSuccess} />);
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByAltText('验证码');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ token: 't', userInfo: { id: '1' } }));
    expect(loginBodies[1]).toMatchObject({ username: 'admin', password: 'pw', captcha: 'ab12' });
    expect((loginBodies[1] as { checkKey?: string }).checkKey).toMatch(/^\d{13}$/);
  });
});

describe('phone login form', () => {
  it('asks for 请输入手机号, then 请输入正确手机号 for a malformed number', async () => {
    vi.stubGlobal('fetch', vi.fn());
    render(
      <FeedbackHost>
        <PhoneLoginForm onSuccess={vi.fn()} />
      </FeedbackHost>,
    );
    fireEvent.click(screen.getByText('获取验证码'));
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '12345678901' } });
    expect(await screen.findByText('请输入正确手机号')).toBeTruthy();
  });

  it('requests a login SMS with smsmode 0 for a valid number', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      reply({ success: true, code: 200, message: '短信验证码发送成功' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <FeedbackHost>
        <PhoneLoginForm onSuccess={vi.fn()} />
      </FeedbackHost>,
    );
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800000001' } });
    fireEvent.click(screen.getByText('获取验证码'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/sys/sms');
    expect(JSON.parse(init?.body as string)).toEqual({ mobile: '13800000001', smsmode: '0' });
    expect(await screen.findByText('60 s')).toBeTruthy();
  });
});
