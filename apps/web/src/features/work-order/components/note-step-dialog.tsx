/** 完成 / 关闭 / 重新打开 a work order, each with its note (required for 完成 and 关闭). */
import { Form, Input, Modal, Typography } from 'antd';
import { WORK_ORDER_LIMITS, WORK_ORDER_TEXT, type WorkOrderRecord } from '@houtai/shared/contract/work-order-rules';
import { useFeedback } from '../../../lib/feedback.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { useWorkOrderStep } from '../api/work-order-step.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';

export type NoteDialogStep = 'complete' | 'close' | 'reopen';

const STEPS: Record<NoteDialogStep, { title: string; ok: string; label: string; required: string | null }> = {
  complete: { title: '完成工单', ok: '完成', label: '处理说明', required: WORK_ORDER_TEXT.completeNoteRequired },
  close: { title: '关闭工单', ok: '关闭', label: '关闭说明', required: WORK_ORDER_TEXT.closeNoteRequired },
  reopen: { title: '重新打开工单', ok: '重新打开', label: '说明', required: null },
};

export interface NoteStepDialogProps {
  /** The step and its order; the dialog is open while one is given. */
  target: { step: NoteDialogStep; order: WorkOrderRecord } | null;
  onClose: () => void;
}

export function NoteStepDialog({ target, onClose }: NoteStepDialogProps) {
  const [form] = Form.useForm<{ note?: string }>();
  const { message } = useFeedback();
  const spec = target ? STEPS[target.step] : null;

  const { submit, submitting } = useFormSubmit({
    form,
    mutation: useWorkOrderStep(),
    input: (values: { note?: string }) =>
      target
        ? { step: target.step, id: target.order.id, note: values.note?.trim() ?? '', version: target.order.version }
        : null,
    onSuccess: (text) => {
      void message.success(text || '操作成功');
      onClose();
    },
  });

  return (
    <Modal
      title={spec?.title}
      open={target !== null}
      okText={spec?.ok}
      okButtonProps={{ danger: target?.step === 'close' }}
      confirmLoading={submitting}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="work-order-note-dialog"
    >
      {target ? (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
          {`${target.order.orderNo}  ${target.order.title}`}
        </Typography.Paragraph>
      ) : null}
      <ModalForm
        onSubmit={submit}
        submitting={submitting}
        form={form}
        name="workOrderNote"
        layout="vertical"
        autoComplete="off"
        preserve={false}
      >
        <Form.Item
          label={spec?.label}
          name="note"
          rules={[
            ...(spec?.required ? [{ required: true, whitespace: true, message: spec.required }] : []),
            { max: WORK_ORDER_LIMITS.note, message: WORK_ORDER_TEXT.noteTooLong },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={WORK_ORDER_LIMITS.note}
            showCount
            placeholder={spec?.required ? `请输入${spec.label}` : '选填'}
          />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
