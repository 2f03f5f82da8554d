/** 反结账: asks the reason (required, one line, at most 200 characters) and reopens the period. */
import { Form, Input, Modal } from 'antd';
import { ACCOUNTING_LIMITS, ACCOUNTING_TEXT } from '@houtai/shared/contract/accounting';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { useReopenPeriod } from './api/periods.ts';

interface Values {
  reason?: string;
}

export interface ReopenTarget {
  ledgerId: string;
  period: string;
}

export interface ReopenPeriodDialogProps {
  target: ReopenTarget | null;
  onClose: () => void;
}

export function ReopenPeriodDialog({ target, onClose }: ReopenPeriodDialogProps) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const submit = useFormSubmit({
    form,
    mutation: useReopenPeriod(),
    input: (v: Values) =>
      target ? { ledgerId: target.ledgerId, period: target.period, reason: (v.reason ?? '').trim() } : null,
    onSuccess: (text: string) => {
      if (text) void message.success(text);
      onClose();
    },
  });
  return (
    <Modal
      open={target !== null}
      title={target ? `反结账 ${target.period}` : '反结账'}
      okText="反结账"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      confirmLoading={submit.submitting}
      onOk={() => void submit.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="reopen-period-dialog"
    >
      <ModalForm<Values>
        form={form}
        onSubmit={submit.submit}
        submitting={submit.submitting}
        name="reopen-period"
        layout="vertical"
        autoComplete="off"
      >
        <Form.Item
          label="反结账原因"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: ACCOUNTING_TEXT.reasonRequired },
            { max: ACCOUNTING_LIMITS.reasonMax, message: ACCOUNTING_TEXT.reasonTooLong },
          ]}
        >
          <Input placeholder="请输入反结账原因" maxLength={ACCOUNTING_LIMITS.reasonMax} showCount />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
