/**
 * 个人设置 (account-settings-base): the signed-in user's own profile, edited through
 * PUT /sys/user/editSelf. A deliberately plain form; the header's user menu opens this page.
 */
import { useState } from 'react';
import { Button, Card, Form, Input } from 'antd';
import { EMAIL } from '@houtai/shared/validation';
import { http } from '../../lib/http.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFeedback } from '../../lib/feedback.ts';

interface ProfileForm {
  realname: string;
  nickname: string;
  email: string;
  phone: string;
}

export function AccountSettingsPage() {
  useDocumentTitle('个人设置');
  const { message } = useFeedback();
  const userInfo = useSessionStore((s) => s.userInfo);
  const setUserInfo = useSessionStore((s) => s.setUserInfo);
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: ProfileForm) => {
    if (!userInfo) return;
    setSaving(true);
    try {
      const res = await http.put<unknown>('/sys/user/editSelf', values);
      if (!res.success) {
        message.warning(res.message);
        return;
      }
      setUserInfo({ ...userInfo, ...values });
      message.success(res.message || '保存成功');
    } catch {
      // The http client already showed the failure.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="基本设置" data-testid="account-settings-page">
      <Form<ProfileForm>
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{
          realname: userInfo?.realname ?? '',
          nickname: userInfo?.nickname ?? '',
          email: userInfo?.email ?? '',
          phone: userInfo?.phone ?? '',
        }}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item label="用户名">
          <Input value={userInfo?.username} disabled />
        </Form.Item>
        <Form.Item name="realname" label="真实姓名" rules={[{ required: true, message: '请输入真实姓名' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="nickname" label="昵称">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={[{ pattern: EMAIL.pattern, message: EMAIL.message }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="phone" label="手机号">
          <Input maxLength={20} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
