/**
 * 个人设置 (account-settings-base): the signed-in user's own profile, edited through
 * PUT /sys/user/editSelf. A deliberately plain form; the header's user menu opens this page.
 * Phone and e-mail are optional (EditSelfBody lets both be cleared) but must be well-formed (spec §5).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, type FormRule } from 'antd';
import type { ProfileUserInfo } from '@houtai/shared/contract/user';
import { EMAIL, MOBILE } from '@houtai/shared/validation';
import { http } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { userInfoQueryOptions } from '../api/get-user-info.ts';
import { AvatarUpload } from './avatar-upload.tsx';

interface ProfileForm {
  avatar: string;
  realname: string;
  nickname: string;
  email: string;
  phone: string;
}

/** The sign-in forms' format rules; neither field is required here. */
const phoneRules: FormRule[] = [{ pattern: MOBILE.pattern, message: MOBILE.message }];
const emailRules: FormRule[] = [{ pattern: EMAIL.pattern, message: EMAIL.message }];

export function AccountSettingsPage() {
  useDocumentTitle('个人设置');
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const userInfo = useSessionStore((s) => s.userInfo);
  const setUserInfo = useSessionStore((s) => s.setUserInfo);
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: ProfileForm) => {
    if (!userInfo) return;
    setSaving(true);
    try {
      const res = await http.put<{ userInfo?: ProfileUserInfo } | null>('/sys/user/editSelf', values);
      if (!res.success) {
        void message.warning(res.message);
        return;
      }
      // The server's answer is the stored row (cleared fields come back as null); the form's values otherwise.
      setUserInfo(res.result?.userInfo ?? { ...userInfo, ...values });
      // The personal centre (maybe kept open in a tab) shows the saved values.
      void queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey });
      void message.success(res.message || '保存成功');
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
          avatar: userInfo?.avatar ?? '',
          realname: userInfo?.realname ?? '',
          nickname: userInfo?.nickname ?? '',
          email: userInfo?.email ?? '',
          phone: userInfo?.phone ?? '',
        }}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item name="avatar" label="头像" extra="上传后点击保存生效">
          <AvatarUpload user={userInfo} />
        </Form.Item>
        <Form.Item label="用户名">
          <Input value={userInfo?.username} disabled />
        </Form.Item>
        <Form.Item name="realname" label="真实姓名" rules={[{ required: true, message: '请输入真实姓名' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="nickname" label="昵称">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={emailRules}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={phoneRules}>
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
