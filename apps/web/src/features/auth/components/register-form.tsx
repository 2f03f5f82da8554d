import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { TEXT } from '@houtai/shared/constants';
import { useAction } from '../../../lib/use-action.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { register } from '../api/register.ts';
import { useSmsSender } from '../hooks/use-sms-sender.ts';
import { confirmRules, emailRules, mobileRules, passwordRules, usernameRules } from './form-rules.ts';
import { SmsCodeField } from './sms-code-field.tsx';

interface Values {
  username: string;
  password: string;
  confirmpassword: string;
  phone: string;
  smscode: string;
  email?: string;
}

/** Registration by phone: account, password twice, phone with an SMS code (smsmode '1'), optional email. */
export function RegisterForm({ onSuccess }: { onSuccess: (username: string) => void }) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const sender = useSmsSender(form, 'phone', '1', setError);

  const { submit, submitting } = useFormSubmit({
    mutation: useAction(register),
    input: (values: Values) => {
      const email = values.email?.trim();
      return {
        username: values.username,
        password: values.password,
        phone: values.phone,
        smscode: values.smscode.trim(),
        ...(email ? { email } : {}),
      };
    },
    onSuccess: (result, values) => onSuccess(result?.username ?? values.username),
    onStart: () => setError(null),
    onFailure: setError,
  });

  return (
    <Form<Values> form={form} size="large" onFinish={(v) => void submit(v)} autoComplete="off">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} data-testid="register-error" />}
      <Form.Item name="username" rules={usernameRules}>
        <Input prefix={<UserOutlined />} placeholder="请输入用户名" aria-label="用户名" maxLength={18} />
      </Form.Item>
      <Form.Item name="password" rules={passwordRules(TEXT.passwordRequired)}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="至少6位密码，区分大小写"
          aria-label="密码"
          autoComplete="new-password"
          maxLength={20}
        />
      </Form.Item>
      <Form.Item name="confirmpassword" dependencies={['password']} rules={confirmRules('password')}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="确认密码"
          aria-label="确认密码"
          autoComplete="new-password"
          maxLength={20}
        />
      </Form.Item>
      <Form.Item name="phone" rules={mobileRules}>
        <Input prefix={<MobileOutlined />} placeholder="11 位手机号" aria-label="手机号" maxLength={11} />
      </Form.Item>
      <SmsCodeField name="smscode" sender={sender} />
      <Form.Item name="email" rules={emailRules}>
        <Input prefix={<MailOutlined />} placeholder="邮箱（选填）" aria-label="邮箱" maxLength={100} />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="register-submit">
          注册
        </Button>
      </Form.Item>
    </Form>
  );
}
