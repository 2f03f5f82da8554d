/**
 * 新增 / 编辑 a business record: 结算组织, 业务来源 (a leaf under A01), 业务日期, 价税合计 with the live 税额 and 不含税金额,
 * 税率 (%), 往来单位, 摘要. The shared schemas (BizRecordAddBody, BizRecordEditBody) check the form before it is sent;
 * an edit sends the version it was opened with. A refusal (closed period, documented record, stale version) is
 * shown as a warning and the dialog stays open.
 */
import { useEffect } from 'react';
import { AutoComplete, DatePicker, Form, Input, InputNumber, Modal, Typography, type FormRule } from 'antd';
import { ACCOUNTING_LIMITS, ACCOUNTING_TEXT, type BizRecordRecord } from '@houtai/shared/contract/accounting';
import { loadDictOptions } from '../../../lib/api/dict.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { showFieldErrors } from '../../../lib/zod-form.ts';
import { DictSelect } from '../../../widgets/dict-select/dict-select.tsx';
import { DictTreeSelect } from '../../../widgets/tree-select/tree-select.tsx';
import { useSaveBizRecord } from './api/save-biz-record.ts';
import type { SourceTree } from './api/source-tree.ts';
import {
  BIZ_RECORD_FIELDS,
  checkBizRecord,
  COMMON_RATES,
  DATE_FORMAT,
  fieldError,
  taxPreview,
  valuesOf,
  type BizRecordValues,
  type BizRecordWire,
} from './biz-record-form.ts';

const RATE_OPTIONS = COMMON_RATES.map((r) => ({ value: r, label: `${r}%` }));

/** A field's rule from the shared schema (the server's words). */
function schemaRule(field: (typeof BIZ_RECORD_FIELDS)[number]): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const error = fieldError(field, getFieldsValue() as BizRecordValues);
      if (error) throw new Error(error);
    },
  });
}

export interface BizRecordFormDialogProps {
  open: boolean;
  /** null: a new record. */
  record: BizRecordRecord | null;
  sources: SourceTree;
  onClose: () => void;
}

export function BizRecordFormDialog({ open, record, sources, onClose }: BizRecordFormDialogProps) {
  const [form] = Form.useForm<BizRecordValues>();
  const { message } = useFeedback();
  const save = useSaveBizRecord();
  const amount = Form.useWatch('amount', form);
  const rate = Form.useWatch('taxRate', form);
  const preview = taxPreview(amount, rate);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(record));
  }, [open, record, form]);

  // A parent source is refused: only a leaf says what the record is.
  const leafRule: FormRule = {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value === '') return;
      if ((await sources.leafOf(value)) === false) throw new Error(ACCOUNTING_TEXT.leafRequired);
    },
  };

  const checkedBody = (values: BizRecordValues): BizRecordWire | null => {
    const checked = checkBizRecord(values, record);
    if (checked.ok) return checked.body;
    const rest = showFieldErrors(form, checked.errors, BIZ_RECORD_FIELDS);
    if (rest.length) void message.warning(rest.join('；'));
    return null;
  };

  const submit = useFormSubmit({
    form,
    input: checkedBody,
    mutation: save,
    onSuccess: (text) => {
      void message.success(text || (record ? ACCOUNTING_TEXT.edited : ACCOUNTING_TEXT.added));
      onClose();
    },
  });

  return (
    <Modal
      title={record ? '编辑业务数据' : '新增业务数据'}
      open={open}
      width={ACCOUNTING_LIMITS.modalWidth}
      okText="保存"
      confirmLoading={submit.submitting}
      onOk={() => void submit.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="biz-record-form-dialog"
    >
      <ModalForm
        form={form}
        onSubmit={submit.submit}
        submitting={submit.submitting}
        name="bizRecord"
        layout="vertical"
        autoComplete="off"
      >
        <Form.Item label="结算组织" name="orgId" required rules={[schemaRule('orgId')]}>
          <DictSelect
            dictCode={ACCOUNTING_LIMITS.orgDictCode}
            loader={loadDictOptions}
            placeholder={ACCOUNTING_TEXT.orgRequired}
            data-testid="biz-record-org"
          />
        </Form.Item>
        <Form.Item
          label={ACCOUNTING_TEXT.sourceLabel}
          name="dataSource"
          required
          rules={[schemaRule('dataSource'), leafRule]}
        >
          <DictTreeSelect
            loader={sources}
            placeholder={ACCOUNTING_TEXT.sourceRequired}
            data-testid="biz-record-source"
          />
        </Form.Item>
        <Form.Item label="业务日期" name="bizDate" required rules={[schemaRule('bizDate')]}>
          <DatePicker format={DATE_FORMAT} placeholder={ACCOUNTING_TEXT.bizDateRequired} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label="价税合计"
          name="amount"
          required
          rules={[schemaRule('amount')]}
          extra={
            <Typography.Text type="secondary" aria-live="polite" data-testid="biz-record-tax-preview">
              {preview ? `税额 ${preview.tax} · 不含税金额 ${preview.net}` : '税额 - · 不含税金额 -'}
            </Typography.Text>
          }
        >
          <InputNumber<string>
            stringMode
            min="0"
            step="0.01"
            placeholder={ACCOUNTING_TEXT.amountRequired}
            style={{ width: '100%' }}
            data-testid="biz-record-amount"
          />
        </Form.Item>
        <Form.Item label="税率（%）" name="taxRate" rules={[schemaRule('taxRate')]}>
          <AutoComplete options={RATE_OPTIONS} placeholder="如 13" data-testid="biz-record-rate">
            <Input suffix="%" />
          </AutoComplete>
        </Form.Item>
        <Form.Item label="往来单位" name="counterparty" rules={[schemaRule('counterparty')]}>
          <Input placeholder="请输入往来单位" maxLength={ACCOUNTING_LIMITS.counterpartyMax} />
        </Form.Item>
        <Form.Item label="摘要" name="summary" required rules={[schemaRule('summary')]}>
          <Input placeholder={ACCOUNTING_TEXT.summaryRequired} maxLength={ACCOUNTING_LIMITS.summaryMax} />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
