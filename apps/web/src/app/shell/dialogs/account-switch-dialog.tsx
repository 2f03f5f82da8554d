/**
 * 结算组织选择 (spec 000 §2.7, §4, §5): the settlement organisations of the stored login result; a selection
 * is required. The answer's userInfo replaces the stored user (7 days) and the page reloads. Opening it with
 * no organisations is the caller's check (`loadSettlementAccounts()` empty → '您尚未设置结算组织信息!').
 */
import { Form, Modal, Select } from 'antd';
import { SHELL_TEXT } from '@houtai/shared/constants';
import type { SettlementAccount } from '@houtai/shared/contract/user';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { useSelectAccount } from './api/select-account.ts';
import { reloadPage } from './reload-page.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';

export interface AccountSwitchDialogProps {
  open: boolean;
  onClose: () => void;
  /** Once the dialog has closed (its animation done): e.g. focus a trigger that antd cannot refocus. */
  afterClose?: (() => void) | undefined;
  accounts: readonly SettlementAccount[];
}

interface Values {
  accountId: string;
}

export function AccountSwitchDialog({ open, onClose, afterClose, accounts }: AccountSwitchDialogProps) {
  const [form] = Form.useForm<Values>();
  const userInfo = useSessionStore((s) => s.userInfo);
  const setUserInfo = useSessionStore((s) => s.setUserInfo);
  const current = accounts.some((a) => a.id === userInfo?.accountId) ? userInfo?.accountId : undefined;

  const { submit, submitting } = useFormSubmit({
    form,
    mutation: useSelectAccount(),
    input: (values: Values) => ({ accountId: values.accountId, username: userInfo?.username }),
    onSuccess: (next) => {
      setUserInfo(next);
      onClose();
      reloadPage();
    },
  });

  return (
    <Modal
      title={SHELL_TEXT.accountChooserTitle}
      open={open}
      confirmLoading={submitting}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={afterClose}
      data-testid="account-switch-dialog"
    >
      <ModalForm onSubmit={submit} submitting={submitting} form={form} initialValues={{ accountId: current }}>
        <Form.Item label="结算组织" name="accountId" rules={[{ required: true, message: SHELL_TEXT.accountRequired }]}>
          <Select
            placeholder={SHELL_TEXT.accountRequired}
            aria-label="结算组织"
            data-testid="account-select"
            options={accounts.map((a) => ({ value: a.id, label: a.settlement_org_name }))}
          />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
