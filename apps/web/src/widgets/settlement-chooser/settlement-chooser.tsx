/**
 * 结算组织选择 (spec §2.5, §5.5): a field that opens a dialog listing the user's own settlement organisations; a
 * selection is required. When the user has none, the field says '您尚未设置结算组织信息!' instead of opening. The
 * organisations are the caller's (the login result's accounts, lib/settlement-accounts.ts); the value is the id.
 */
import { useState } from 'react';
import { Button, Empty, Form, Modal, Radio, Space } from 'antd';
import { SHELL_TEXT } from '@houtai/shared/constants';
import { PICKER_TEXT } from '@houtai/shared/contract/pickers-rules';
import type { SettlementAccount } from '@houtai/shared/contract/user';
import { useFeedback } from '../../lib/feedback.ts';
import { ModalForm } from '../../lib/modal-form.tsx';

export interface SettlementChooserProps {
  accounts: readonly SettlementAccount[];
  /** The chosen organisation's id. */
  value?: string | undefined;
  onChange?: (id: string, account: SettlementAccount) => void;
  /** Text of the trigger (default 结算组织选择). */
  buttonText?: string;
  'data-testid'?: string;
}

interface Values {
  accountId?: string;
}

export function SettlementChooser({ accounts, value, onChange, buttonText, ...rest }: SettlementChooserProps) {
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const current = accounts.find((a) => a.id === value);

  const openDialog = () => {
    if (accounts.length === 0) {
      void message.warning(PICKER_TEXT.accountRequired);
      return;
    }
    setOpen(true);
  };

  const submit = async () => {
    const { accountId } = await form.validateFields();
    const account = accounts.find((a) => a.id === accountId);
    if (!account) return;
    onChange?.(account.id, account);
    setOpen(false);
  };

  return (
    <>
      <Space wrap>
        <Button onClick={openDialog} aria-haspopup="dialog" data-testid={rest['data-testid']}>
          {buttonText ?? PICKER_TEXT.accountTitle}
        </Button>
        <span>{current ? current.settlement_org_name : '未选择'}</span>
      </Space>
      <Modal
        title={PICKER_TEXT.accountTitle}
        open={open}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => setOpen(false)}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
      >
        {accounts.length === 0 ? (
          <Empty description={PICKER_TEXT.accountRequired} />
        ) : (
          <ModalForm<Values>
            form={form}
            initialValues={{ accountId: current?.id }}
            onSubmit={() => submit().catch(() => undefined)}
            layout="vertical"
          >
            <Form.Item
              label="结算组织"
              name="accountId"
              rules={[{ required: true, message: SHELL_TEXT.accountRequired }]}
            >
              <Radio.Group aria-label="结算组织" data-testid="settlement-options">
                <Space direction="vertical">
                  {accounts.map((a) => (
                    <Radio key={a.id} value={a.id}>
                      {a.settlement_org_name}（{a.settlement_org_id}）
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
            </Form.Item>
          </ModalForm>
        )}
      </Modal>
    </>
  );
}
