import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { SMS_RESEND_INTERVAL_MS, TEXT } from '@houtai/shared/constants';
import type { LoginResult } from '@houtai/shared/contract/auth';
import { MOBILE, MOBILE_REQUIRED } from '@houtai/shared/validation';
import { HttpError } from '../../../lib/http.ts';
import { phoneLogin } from '../api/phone-login.ts';
import { sendLoginSms } from '../api/send-sms.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { useFeedback } from '../../../lib/feedback.ts';

interface Values {
  mobile: string;
  captcha: string;
}

export function PhoneLoginForm({ onSuccess }: { onSuccess: (result: LoginResult) => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const [submitting, setSubmitting] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const countdown = useCountdown();

  const sendCode = async () => {
    let mobile: string;
    try {
      ({ mobile } = await form.validateFields(['mobile']));
    } catch {
      return;
    }
    setSending(true);
    setError(null);
    try {
      const res = await sendLoginSms(mobile);
      if (res.success) {
        void message.success(res.message || TEXT.smsSent);
        countdown.start(Math.round(SMS_RESEND_INTERVAL_MS / 1000));
      } else {
        setError(res.message);
      }
    } catch (e) {
      if (!(e instanceof HttpError)) setError(String(e));
    } finally {
      setSending(false);
    }
  };

  const submit = async (values: Values) => {
    setSubmitting(true);
    setError(null);
    try {
      const res = await phoneLogin({ mobile: values.mobile, captcha: values.captcha.trim() });
      if (res.success) onSuccess(res.result);
      else setError(res.message);
    } catch (e) {
      if (!(e instanceof HttpError)) setError(String(e));
    } finally {
      setSubmitting(false);
    }
  };

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
            onClick={() => void sendCode()}
            disabled={countdown.left > 0 || sending}
            style={{ flex: '0 0 112px' }}
          >
            {countdown.left > 0 ? `${countdown.left} s` : '获取验证码'}
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
