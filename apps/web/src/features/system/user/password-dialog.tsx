/**
 * 密码: an administrator sets a user's new password (new and confirm, the shared password rule). The user must
 * change it again at the next sign-in, and their sessions end (the server does both).
 */
import { useEffect } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { ADMIN_USER_TEXT, AdminChangePasswordBody } from '@houtai/shared/contract/admin-user';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { useChangeUserPassword } from './api/change-password.ts';

interface Values {
  password?: string;
  confirmpassword?: string;
}

export interface PasswordDialogProps {
  /** The user whose password is set; null: closed. */
  user: { username: string; realname: string } | null;
  onClose: () => void;
}

export function PasswordDialog({ user, onClose }: PasswordDialogProps) {
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const open = user !== null;

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const save = useFormSubmit({
    form,
    input: (values: Values) => {
      const checked = checkWithSchema(AdminChangePasswordBody, { username: user?.username, ...values });
      if (checked.ok) return checked.value;
      const rest = showFieldErrors(form, checked.errors, ['password', 'confirmpassword']);
      if (rest.length) void message.warning(rest.join('；'));
      return null;
    },
    mutation: useChangeUserPassword(),
    onSuccess: (text) => {
      void message.success(text || ADMIN_USER_TEXT.passwordReset);
      onClose();
    },
  });

  return (
    <Modal
      title={user ? `修改密码 - ${user.realname || user.username}` : '修改密码'}
      open={open}
      okText="确定"
      confirmLoading={save.submitting}
      onOk={() => void save.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="user-password-dialog"
    >
      <Alert
        type="info"
        showIcon
        title="保存后该用户的登录会话将失效，下次登录时须修改密码。"
        style={{ marginBottom: 16 }}
      />
      <ModalForm<Values>
        onSubmit={save.submit}
        submitting={save.submitting}
        form={form}
        name="user-password"
        layout="vertical"
        autoComplete="off"
      >
        <Form.Item label="用户账号" htmlFor="user-password_username">
          <Input id="user-password_username" value={user?.username} disabled />
        </Form.Item>
        <Form.Item label="新密码" name="password" required>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item label="确认密码" name="confirmpassword" required>
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" maxLength={64} />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
