import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { TEXT } from '@houtai/shared/constants';
import type { LoginResult } from '@houtai/shared/contract/auth';
import { MOBILE, MOBILE_REQUIRED } from '@houtai/shared/validation';
import { useAction } from '../../../lib/use-action.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { phoneLogin } from '../api/phone-login.ts';
import { useSmsSender } from '../hooks/use-sms-sender.ts';

interface Values {
  mobile: string;
  captcha: string;
}

export function PhoneLoginForm({ onSuccess }: { onSuccess: (result: LoginResult) => void }) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  // 获取验证码: a login code (smsmode '0').
  const sender = useSmsSender(form, 'mobile', '0', setError);
  const { submit, submitting } = useFormSubmit({
    mutation: useAction(phoneLogin),
    input: (values: Values) => ({ mobile: values.mobile, captcha: values.captcha.trim() }),
    onSuccess: (result) => onSuccess(result),
    onStart: () => setError(null),
    onFailure: setError,
  });

  return (
    <Form<Values> form={form} size="large" onFinish={(v) => void submit(v)} autoComplete="off">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} />}
      <Form.Item
        name="mobile"
        rules={[
          { required: true, message: MOBILE_REQUIRED },
          { pattern: MOBILE.pattern, message: MOBILE.message },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder="手机号" aria-label="手机号" maxLength={11} />
      </Form.Item>
      <Form.Item required>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item
            name="captcha"
            noStyle
            rules={[{ required: true, whitespace: true, message: TEXT.captchaRequired }]}
          >
            <Input prefix={<MailOutlined />} placeholder="验证码" aria-label="短信验证码" maxLength={16} />
          </Form.Item>
          <Button
            onClick={() => void sender.send()}
            disabled={sender.left > 0 || sender.sending}
            style={{ flex: '0 0 112px' }}
          >
            {sender.left > 0 ? `${sender.left} s` : '获取验证码'}
          </Button>
        </div>
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
