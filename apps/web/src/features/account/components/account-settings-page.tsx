/**
 * 个人设置 (account-settings-base): the signed-in user's own profile, edited through
 * PUT /sys/user/editSelf. A deliberately plain form; the header's user menu opens this page.
 * Phone and e-mail are optional (EditSelfBody lets both be cleared) but must be well-formed (spec §5).
 */
import { Button, Card, Form, Input, type FormRule } from 'antd';
import { EMAIL, MOBILE } from '@houtai/shared/validation';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { useEditSelf, type EditSelfInput, type EditSelfResult } from '../api/edit-self.ts';
import { AvatarUpload } from './avatar-upload.tsx';

type ProfileForm = EditSelfInput;

/** The sign-in forms' format rules; neither field is required here. */
const phoneRules: FormRule[] = [{ pattern: MOBILE.pattern, message: MOBILE.message }];
const emailRules: FormRule[] = [{ pattern: EMAIL.pattern, message: EMAIL.message }];

export function AccountSettingsPage() {
  useDocumentTitle('个人设置');
  const { message } = useFeedback();
  const userInfo = useSessionStore((s) => s.userInfo);
  const setUserInfo = useSessionStore((s) => s.setUserInfo);
  const save = useFormSubmit<ProfileForm, ProfileForm, EditSelfResult>({
    mutation: useEditSelf(),
    input: (values) => (userInfo ? values : null),
    onSuccess: (result, values) => {
      // The server's answer is the stored row; the form's values otherwise.
      if (userInfo) setUserInfo(result.userInfo ?? { ...userInfo, ...values });
      void message.success(result.message || '保存成功');
    },
  });

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
        onFinish={(v) => void save.submit(v)}
      >
        <Form.Item name="avatar" label="头像" extra="上传后点击保存生效">
          <AvatarUpload user={userInfo} />
        </Form.Item>
        <Form.Item label="用户名" htmlFor="account-settings-username">
          <Input id="account-settings-username" value={userInfo?.username} disabled />
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
        <Button type="primary" htmlType="submit" loading={save.submitting}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
