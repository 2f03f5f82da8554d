/**
 * 修改密码 (spec 000 §2.7, §4, §5): old, new and confirmed password with the shared rules; hidden → visible →
 * submitting → closed on success. The server's message is shown either way.
 */
import { useEffect } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { PASSWORD_DIALOG_WIDTH, SHELL_TEXT, TEXT } from '@houtai/shared/constants';
import {
  CONFIRM_PASSWORD_REQUIRED,
  NEW_PASSWORD_REQUIRED,
  NO_LOGIN_USER,
  OLD_PASSWORD_REQUIRED,
  PASSWORDS_DIFFER,
  PASSWORD_RULE_MESSAGE,
  isValidPassword,
} from '@houtai/shared/validation';
import { useFeedback } from '../../../lib/feedback.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { useUpdatePassword } from './api/update-password.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** Once the dialog has closed (its animation done): e.g. focus a trigger that antd cannot refocus. */
  afterClose?: (() => void) | undefined;
  /**
   * An administrator reset the password (the session's userInfo says mustChangePassword): the dialog cannot be
   * dismissed — no close button, Escape or mask — and says why; signing out is offered instead of 取消.
   */
  forced?: { onSignOut: () => void } | undefined;
}

interface Values {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export function ChangePasswordDialog({ open, onClose, afterClose, forced }: ChangePasswordDialogProps) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const username = useSessionStore((s) => s.userInfo?.username ?? null);

  // There is nobody to change a password for: warn instead of showing the form.
  useEffect(() => {
    if (open && !username) {
      void message.warning(NO_LOGIN_USER);
      onClose();
    }
  }, [open, username, message, onClose]);

  const { submit, submitting } = useFormSubmit({
    form,
    mutation: useUpdatePassword(),
    input: (values: Values) => {
      if (username) return { username, ...values };
      void message.warning(NO_LOGIN_USER);
      return null;
    },
    onSuccess: (text) => {
      void message.success(text);
      form.resetFields();
      onClose();
    },
  });

  return (
    <Modal
      title={SHELL_TEXT.changePassword}
      width={PASSWORD_DIALOG_WIDTH}
      open={open && !!username}
      confirmLoading={submitting}
      onOk={() => void submit()}
      onCancel={() => {
        if (forced) return;
        form.resetFields();
        onClose();
      }}
      closable={!forced}
      keyboard={!forced}
      mask={forced ? { closable: false } : undefined}
      cancelText={forced ? SHELL_TEXT.logout : undefined}
      cancelButtonProps={forced ? { onClick: forced.onSignOut } : undefined}
      destroyOnHidden
      afterClose={afterClose}
      data-testid="change-password-dialog"
    >
      {forced && <Alert type="warning" showIcon title={TEXT.mustChangePassword} style={{ marginBottom: 16 }} />}
      <ModalForm
        onSubmit={submit}
        submitting={submitting}
        form={form}
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 16 }}
        autoComplete="off"
      >
        <Form.Item label="旧密码" name="oldpassword" rules={[{ required: true, message: OLD_PASSWORD_REQUIRED }]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="password"
          rules={[
            { required: true, message: NEW_PASSWORD_REQUIRED },
            {
              validator: (_, value: string | undefined) =>
                !value || isValidPassword(value) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_RULE_MESSAGE)),
            },
          ]}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            { required: true, message: CONFIRM_PASSWORD_REQUIRED },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(PASSWORDS_DIFFER)),
            }),
          ]}
        >
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
