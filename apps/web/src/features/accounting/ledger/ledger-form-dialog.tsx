/**
 * 新增 / 编辑 a ledger: 编码, 名称, 结算组织, 币种, 状态, 主账簿. The shared schemas (LedgerAddBody, LedgerEditBody)
 * check the form before it is sent; an edit sends the version it was opened with. The server keeps one main ledger
 * per organisation and says why it refuses (e.g. unsetting the main ledger while others are active).
 */
import { useEffect } from 'react';
import { Form, Input, Modal, Radio, Select, Switch, Typography, type FormRule } from 'antd';
import type { z } from 'zod';
import {
  LEDGER_LIMITS,
  LEDGER_TEXT,
  LedgerAddBody,
  LedgerEditBody,
  type LedgerRecord,
} from '@houtai/shared/contract/accounting-template';
import { loadDictOptions } from '../../../lib/api/dict.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { DictSelect } from '../../../widgets/dict-select/dict-select.tsx';
import { useSaveLedger, type LedgerBody } from './api/save-ledger.ts';

interface Values {
  code?: string;
  name?: string;
  settlementOrgId?: string;
  currency?: string;
  status?: '0' | '1';
  isMain?: boolean;
}

const FIELDS = ['code', 'name', 'settlementOrgId', 'currency', 'status', 'isMain'] as const;

export const LEDGER_STATUS_OPTIONS = [
  { value: '1', label: '启用' },
  { value: '0', label: '不启用' },
];

const CURRENCY_OPTIONS = [
  { value: 'CNY', label: 'CNY 人民币' },
  { value: 'USD', label: 'USD 美元' },
  { value: 'EUR', label: 'EUR 欧元' },
  { value: 'HKD', label: 'HKD 港币' },
  { value: 'JPY', label: 'JPY 日元' },
];

function schemaRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '');
    },
  };
}

export interface LedgerFormDialogProps {
  open: boolean;
  /** null: a new ledger. */
  record: LedgerRecord | null;
  onClose: () => void;
}

export function LedgerFormDialog({ open, record, onClose }: LedgerFormDialogProps) {
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const save = useSaveLedger();
  const status = Form.useWatch('status', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) {
      form.setFieldsValue({
        code: record.code,
        name: record.name,
        settlementOrgId: record.settlementOrgId,
        currency: record.currency,
        status: record.status,
        isMain: record.isMain === '1',
      });
    }
  }, [open, record, form]);

  // A disabled ledger is never main: switching it off clears the switch.
  useEffect(() => {
    if (status === '0' && form.getFieldValue('isMain') === true) form.setFieldValue('isMain', false);
  }, [status, form]);

  const checkedBody = (values: Values): LedgerBody | null => {
    const raw = { ...values, isMain: values.isMain ? '1' : '0' };
    const checked = record
      ? checkWithSchema(LedgerEditBody, { ...raw, id: record.id, version: record.version })
      : checkWithSchema(LedgerAddBody, raw);
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
      void message.success(text || (record ? LEDGER_TEXT.edited : LEDGER_TEXT.added));
      onClose();
    },
  });

  return (
    <Modal
      title={record ? '编辑账簿' : '新增账簿'}
      open={open}
      width={520}
      okText="保存"
      confirmLoading={submit.submitting}
      onOk={() => void submit.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="ledger-form-dialog"
    >
      <ModalForm
        form={form}
        onSubmit={submit.submit}
        submitting={submit.submitting}
        name="ledger"
        layout="vertical"
        autoComplete="off"
        initialValues={{ status: '1', currency: LEDGER_LIMITS.defaultCurrency, isMain: false }}
      >
        <Form.Item label="编码" name="code" required rules={[schemaRule(LedgerAddBody.shape.code)]}>
          <Input placeholder={LEDGER_TEXT.codeRequired} maxLength={LEDGER_LIMITS.codeMax} />
        </Form.Item>
        <Form.Item label="名称" name="name" required rules={[schemaRule(LedgerAddBody.shape.name)]}>
          <Input placeholder={LEDGER_TEXT.nameRequired} maxLength={LEDGER_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item
          label="结算组织"
          name="settlementOrgId"
          required
          rules={[schemaRule(LedgerAddBody.shape.settlementOrgId)]}
        >
          <DictSelect
            dictCode={LEDGER_LIMITS.orgDictCode}
            loader={loadDictOptions}
            placeholder={LEDGER_TEXT.orgRequired}
            data-testid="ledger-form-org"
          />
        </Form.Item>
        <Form.Item label="币种" name="currency" rules={[schemaRule(LedgerAddBody.shape.currency)]}>
          <Select options={CURRENCY_OPTIONS} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Radio.Group options={LEDGER_STATUS_OPTIONS} />
        </Form.Item>
        <Form.Item
          label="主账簿"
          name="isMain"
          valuePropName="checked"
          extra={
            <Typography.Text type="secondary">
              结算组织的单据生成到主账簿；设为主账簿会取消该组织其他账簿的主账簿标记
            </Typography.Text>
          }
        >
          <Switch disabled={status === '0'} checkedChildren="是" unCheckedChildren="否" />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
