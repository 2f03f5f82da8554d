import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { TEXT } from '@houtai/shared/constants';
import type { LoginResult } from '@houtai/shared/contract/auth';
import { USERNAME_REQUIRED } from '@houtai/shared/validation';
import { BusinessError } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { login, type LoginInput } from '../api/login.ts';
import { useCaptcha } from '../hooks/use-captcha.ts';

interface Values {
  username: string;
  password: string;
  captcha?: string;
}

/** Codes and messages by which the server asks for (another) captcha. */
const CAPTCHA_CODE = 412;
const CAPTCHA_MESSAGES: readonly string[] = [TEXT.captchaRequired, TEXT.captchaWrong, TEXT.captchaInvalid];

export function PasswordLoginForm({ onSuccess }: { onSuccess: (result: LoginResult) => void }) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const captcha = useCaptcha();

  const { submit, submitting } = useFormSubmit({
    mutation: useAction(login),
    input: (values: Values): LoginInput => ({
      username: values.username.trim(),
      password: values.password,
      ...(captcha.required ? { captcha: values.captcha ?? '', checkKey: captcha.checkKey ?? '' } : {}),
    }),
    onStart: () => setError(null),
    onSuccess: (result) => onSuccess(result),
    // HTTP failures were already reported by the client's error catalogue.
    onFailure: (text, e) => {
      setError(text);
      // A captcha is good for one try: after any failure with a captcha shown, fetch a new one.
      const code = e instanceof BusinessError ? e.code : null;
      if (captcha.required || code === CAPTCHA_CODE || CAPTCHA_MESSAGES.includes(text)) {
        form.setFieldValue('captcha', '');
        void captcha.refresh();
      }
    },
  });

  return (
    <Form<Values> form={form} size="large" onFinish={(v) => void submit(v)} autoComplete="off">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} data-testid="login-error" />}
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: USERNAME_REQUIRED }]}>
        <Input prefix={<UserOutlined />} placeholder="请输入帐户名" autoComplete="username" aria-label="账号" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: TEXT.passwordRequired }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          autoComplete="current-password"
          aria-label="密码"
        />
      </Form.Item>
      {captcha.required && (
        <Form.Item required>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item
              name="captcha"
              noStyle
              rules={[{ required: true, whitespace: true, message: TEXT.captchaRequired }]}
            >
              <Input prefix={<SafetyOutlined />} placeholder="请输入验证码" aria-label="验证码" maxLength={16} />
            </Form.Item>
            <button
              type="button"
              onClick={() => void captcha.refresh()}
              title="看不清？换一张"
              data-testid="captcha-image"
              style={{ padding: 0, border: 'none', background: 'none', cursor: 'pointer', flex: '0 0 112px' }}
            >
              {captcha.image ? (
                <img src={captcha.image} alt="验证码" style={{ width: 112, height: 40, display: 'block' }} />
              ) : (
                <span style={{ lineHeight: '40px' }}>获取验证码</span>
              )}
            </button>
          </div>
        </Form.Item>
      )}
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
