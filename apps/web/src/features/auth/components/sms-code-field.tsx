import { Button, Form, Input } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { TEXT } from '@houtai/shared/constants';
import type { SmsSender } from '../hooks/use-sms-sender.ts';

/** The SMS code input with its 获取验证码 button (a countdown in seconds while a new code may not be asked for). */
export function SmsCodeField({ name, sender }: { name: string; sender: SmsSender }) {
  return (
    <Form.Item required>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name={name} noStyle rules={[{ required: true, whitespace: true, message: TEXT.smsCodeRequired }]}>
          <Input prefix={<MailOutlined />} placeholder="验证码" aria-label="短信验证码" maxLength={16} />
        </Form.Item>
        <Button
          onClick={() => void sender.send()}
          disabled={sender.left > 0 || sender.sending}
          style={{ flex: '0 0 112px' }}
          data-testid="sms-send"
        >
          {sender.left > 0 ? `${sender.left} s` : '获取验证码'}
        </Button>
      </div>
    </Form.Item>
  );
}
