import { useState } from 'react';
import { Alert, Button, Form, Input, Result, Steps } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { NEW_PASSWORD_REQUIRED } from '@houtai/shared/validation';
import { useAction } from '../../../lib/use-action.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { passwordChange } from '../api/password-change.ts';
import { phoneVerification } from '../api/phone-verification.ts';
import { useSmsSender } from '../hooks/use-sms-sender.ts';
import { confirmRules, mobileRules, passwordRules } from './form-rules.ts';
import { SmsCodeField } from './sms-code-field.tsx';

interface Verified {
  phone: string;
  username: string;
  ticket: string;
}

/** Password reset by SMS in three steps: 手机验证 → 更改密码 → 完成. */
export function PasswordResetSteps({ onBackToLogin }: { onBackToLogin: () => void }) {
  const [verified, setVerified] = useState<Verified | null>(null);
  const [done, setDone] = useState(false);
  const current = done ? 2 : verified ? 1 : 0;
  return (
    <>
      <Steps
        size="small"
        current={current}
        items={[{ title: '手机验证' }, { title: '更改密码' }, { title: '完成' }]}
        style={{ marginBottom: 32 }}
      />
      {current === 0 && <VerifyPhoneStep onVerified={setVerified} />}
      {current === 1 && verified && (
        <NewPasswordStep verified={verified} onDone={() => setDone(true)} onRestart={() => setVerified(null)} />
      )}
      {current === 2 && (
        <Result
          status="success"
          title="更改密码成功"
          subTitle={verified ? `账户 ${verified.username} 的密码已重置，请使用新密码登录。` : undefined}
          extra={
            <Button type="primary" size="large" onClick={onBackToLogin} data-testid="reset-back-login">
              返回登录
            </Button>
          }
        />
      )}
    </>
  );
}

function VerifyPhoneStep({ onVerified }: { onVerified: (v: Verified) => void }) {
  const [form] = Form.useForm<{ phone: string; smscode: string }>();
  const [error, setError] = useState<string | null>(null);
  const sender = useSmsSender(form, 'phone', '2', setError);

  const { submit, submitting } = useFormSubmit({
    mutation: useAction(phoneVerification),
    input: (values: { phone: string; smscode: string }) => ({ phone: values.phone, smscode: values.smscode.trim() }),
    onSuccess: (result, values) =>
      onVerified({ phone: values.phone, username: result.username, ticket: result.ticket }),
    onStart: () => setError(null),
    onFailure: setError,
  });

  return (
    <Form form={form} size="large" onFinish={(v) => void submit(v)} autoComplete="off">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} data-testid="reset-error" />}
      <Form.Item name="phone" rules={mobileRules}>
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" aria-label="手机号" maxLength={11} />
      </Form.Item>
      <SmsCodeField name="smscode" sender={sender} />
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="reset-verify">
          下一步
        </Button>
      </Form.Item>
    </Form>
  );
}

function NewPasswordStep({
  verified,
  onDone,
  onRestart,
}: {
  verified: Verified;
  onDone: () => void;
  onRestart: () => void;
}) {
  const [form] = Form.useForm<{ password: string; confirmpassword: string }>();
  const [error, setError] = useState<string | null>(null);

  const { submit, submitting } = useFormSubmit({
    mutation: useAction(passwordChange),
    input: (values: { password: string; confirmpassword: string }) => ({
      username: verified.username,
      password: values.password,
      phone: verified.phone,
      ticket: verified.ticket,
    }),
    onSuccess: () => onDone(),
    onStart: () => setError(null),
    onFailure: setError,
  });

  return (
    <Form form={form} size="large" onFinish={(v) => void submit(v)} autoComplete="off">
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          style={{ marginBottom: 24 }}
          data-testid="reset-error"
          action={
            <Button size="small" type="link" onClick={onRestart}>
              重新验证
            </Button>
          }
        />
      )}
      <Form.Item>
        <Input prefix={<UserOutlined />} value={verified.username} aria-label="账户" disabled />
      </Form.Item>
      <Form.Item name="password" rules={passwordRules(NEW_PASSWORD_REQUIRED)}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="新密码"
          aria-label="新密码"
          autoComplete="new-password"
          maxLength={20}
        />
      </Form.Item>
      <Form.Item name="confirmpassword" dependencies={['password']} rules={confirmRules('password')}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="确认新密码"
          aria-label="确认新密码"
          autoComplete="new-password"
          maxLength={20}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="reset-submit">
          提交
        </Button>
      </Form.Item>
    </Form>
  );
}
