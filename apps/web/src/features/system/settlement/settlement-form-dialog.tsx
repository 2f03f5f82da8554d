/**
 * 新增 / 编辑 a settlement organisation: 名称, 编码, 状态 (启用 / 不启用), 排序. The shared schemas
 * (SettlementAddBody, SettlementEditBody) check the form before it is sent; the server checks it again.
 */
import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Radio, type FormRule } from 'antd';
import type { z } from 'zod';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  SETTLEMENT_CODE_MAX,
  SETTLEMENT_NAME_MAX,
  SETTLEMENT_SORT_MAX,
  SettlementAddBody,
  SettlementEditBody,
  type SettlementRecord,
} from '@houtai/shared/contract/admin-settlement';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { useSaveSettlement, type SettlementBody } from './api/save-settlement.ts';

interface Values {
  name?: string;
  code?: string;
  status?: '0' | '1';
  sortOrder?: number | null;
}

const FIELDS = ['name', 'code', 'status', 'sortOrder'] as const;

export const STATUS_OPTIONS = [
  { value: '1', label: '启用' },
  { value: '0', label: '不启用' },
];

function schemaRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '');
    },
  };
}

export interface SettlementFormDialogProps {
  open: boolean;
  /** null: a new organisation. */
  record: SettlementRecord | null;
  onClose: () => void;
}

export function SettlementFormDialog({ open, record, onClose }: SettlementFormDialogProps) {
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const save = useSaveSettlement();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) {
      form.setFieldsValue({
        name: record.name,
        code: record.code,
        status: record.status === '0' ? '0' : '1',
        sortOrder: record.sortOrder,
      });
    }
  }, [open, record, form]);

  const checkedBody = (values: Values): SettlementBody | null => {
    const raw = { ...values, sortOrder: values.sortOrder ?? undefined };
    const checked = record
      ? checkWithSchema(SettlementEditBody, { ...raw, id: record.id, version: record.version })
      : checkWithSchema(SettlementAddBody, raw);
    if (checked.ok) return checked.value;
    const rest = showFieldErrors(form, checked.errors, FIELDS);
    if (rest.length) void message.warning(rest.join('；'));
    return null;
  };

  const submit = useFormSubmit({
    form,
    input: checkedBody,
    mutation: save,
    onSuccess: (text) => {
      void message.success(text || (record ? ADMIN_TEXT.edited : ADMIN_TEXT.added));
      onClose();
    },
  });

  return (
    <Modal
      title={record ? '编辑结算组织' : '新增结算组织'}
      open={open}
      width={520}
      okText="保存"
      confirmLoading={submit.submitting}
      onOk={() => void submit.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="settlement-form-dialog"
    >
      <ModalForm
        form={form}
        onSubmit={submit.submit}
        submitting={submit.submitting}
        name="settlement"
        layout="vertical"
        autoComplete="off"
        initialValues={{ status: '1', sortOrder: 0 }}
      >
        <Form.Item label="名称" name="name" required rules={[schemaRule(SettlementAddBody.shape.name)]}>
          <Input placeholder="请输入结算组织名称" maxLength={SETTLEMENT_NAME_MAX} />
        </Form.Item>
        <Form.Item label="编码" name="code" required rules={[schemaRule(SettlementAddBody.shape.code)]}>
          <Input placeholder="请输入结算组织编码" maxLength={SETTLEMENT_CODE_MAX} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Radio.Group options={STATUS_OPTIONS} />
        </Form.Item>
        <Form.Item label="排序" name="sortOrder" rules={[schemaRule(SettlementAddBody.shape.sortOrder)]}>
          <InputNumber min={0} max={SETTLEMENT_SORT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
