/**
 * 新增 / 编辑 a dictionary item: 名称, 数据值 (checked on blur: unique within its dictionary), 描述, 排序值, 是否启用.
 * The shared schemas (DictItemAddBody, DictItemEditBody) check the form before it is sent; the server checks again.
 */
import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Radio, type FormRule } from 'antd';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  DICT_ITEM_STATUS_TEXT,
  DICT_LIMITS,
  DictItemAddBody,
  DictItemEditBody,
  type DictItemRecord,
} from '@houtai/shared/contract/dict-admin';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { checkDictItemValue, useSaveDictItem, type DictItemBody } from './api/dict-items.ts';
import { schemaRule } from './dict-form-dialog.tsx';

interface Values {
  itemText?: string;
  itemValue?: string;
  description?: string;
  sortOrder?: number | null;
  status?: number;
}

const FIELDS = ['itemText', 'itemValue', 'description', 'sortOrder', 'status'] as const;
const STATUS_OPTIONS = [
  { value: 1, label: DICT_ITEM_STATUS_TEXT['1'] },
  { value: 0, label: DICT_ITEM_STATUS_TEXT['0'] },
];

export interface DictItemFormDialogProps {
  open: boolean;
  dictId: string;
  /** null: a new item. */
  record: DictItemRecord | null;
  /** A new item's sort value (after the last one listed). */
  nextSortOrder: number;
  onClose: () => void;
}

export function DictItemFormDialog({ open, dictId, record, nextSortOrder, onClose }: DictItemFormDialogProps) {
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const save = useSaveDictItem(dictId);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      record
        ? {
            itemText: record.itemText,
            itemValue: record.itemValue,
            description: record.description ?? undefined,
            sortOrder: record.sortOrder,
            status: record.status,
          }
        : { sortOrder: nextSortOrder, status: 1 },
    );
  }, [open, record, nextSortOrder, form]);

  const valueFree: FormRule = {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      if (!DictItemAddBody.shape.itemValue.safeParse(value).success) return;
      const v = String(value).trim();
      if (record && v === record.itemValue) return;
      const taken = await checkDictItemValue(dictId, v, record?.id);
      if (taken) throw new Error(taken);
    },
  };

  const checkedBody = (values: Values): DictItemBody | null => {
    const raw = {
      ...values,
      dictId,
      description: values.description ?? null,
      sortOrder: values.sortOrder ?? undefined,
    };
    const checked = record
      ? checkWithSchema(DictItemEditBody, { ...raw, id: record.id, version: record.version })
      : checkWithSchema(DictItemAddBody, raw);
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
      title={record ? '编辑字典项' : '新增字典项'}
      open={open}
      width={520}
      okText="保存"
      confirmLoading={submit.submitting}
      onOk={() => void submit.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="dict-item-form-dialog"
    >
      <ModalForm
        form={form}
        onSubmit={submit.submit}
        submitting={submit.submitting}
        name="dictItem"
        layout="vertical"
        autoComplete="off"
      >
        <Form.Item label="名称" name="itemText" required rules={[schemaRule(DictItemAddBody.shape.itemText)]}>
          <Input placeholder="请输入名称" maxLength={DICT_LIMITS.itemTextMax} />
        </Form.Item>
        <Form.Item
          label="数据值"
          name="itemValue"
          required
          validateTrigger={['onChange', 'onBlur']}
          validateFirst
          rules={[schemaRule(DictItemAddBody.shape.itemValue), valueFree]}
        >
          <Input placeholder="请输入数据值" maxLength={DICT_LIMITS.itemValueMax} />
        </Form.Item>
        <Form.Item label="描述" name="description" rules={[schemaRule(DictItemAddBody.shape.description)]}>
          <Input.TextArea rows={2} placeholder="请输入描述" maxLength={DICT_LIMITS.descriptionMax} />
        </Form.Item>
        <Form.Item
          label="排序值"
          name="sortOrder"
          extra="值越小越靠前"
          rules={[schemaRule(DictItemAddBody.shape.sortOrder)]}
        >
          <InputNumber
            min={DICT_LIMITS.sortOrderMin}
            max={DICT_LIMITS.sortOrderMax}
            precision={0}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item label="是否启用" name="status" rules={[schemaRule(DictItemAddBody.shape.status)]}>
          <Radio.Group options={STATUS_OPTIONS} />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
