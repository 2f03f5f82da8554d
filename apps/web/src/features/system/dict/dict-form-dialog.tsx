/**
 * 新增 / 编辑 a dictionary: 字典名称, 字典编码 (checked for duplicates on blur, also against the recycle bin), 字典类型,
 * 描述. The shared schemas (DictAddBody, DictEditBody) check the form before it is sent; the server checks it again.
 */
import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Radio, type FormRule } from 'antd';
import type { z } from 'zod';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  DICT_LIMITS,
  DICT_TYPE_TEXT,
  DictAddBody,
  DictEditBody,
  type DictRecord,
} from '@houtai/shared/contract/dict-admin';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, codeFreeOnBlur, showFieldErrors } from '../../../lib/zod-form.ts';
import { checkDictCode } from './api/check-dict-code.ts';
import { useSaveDict, type DictBody } from './api/save-dict.ts';

interface Values {
  dictName?: string;
  dictCode?: string;
  type?: number;
  description?: string;
}

const FIELDS = ['dictName', 'dictCode', 'type', 'description'] as const;

/** An antd rule from one field of a shared schema: its first message. */
export function schemaRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '');
    },
  };
}

export interface DictFormDialogProps {
  open: boolean;
  /** null: a new dictionary. */
  record: DictRecord | null;
  onClose: () => void;
}

export function DictFormDialog({ open, record, onClose }: DictFormDialogProps) {
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const save = useSaveDict();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) {
      form.setFieldsValue({
        dictName: record.dictName,
        dictCode: record.dictCode,
        type: record.type,
        description: record.description ?? undefined,
      });
    }
  }, [open, record, form]);

  const codeFree = codeFreeOnBlur(DictAddBody.shape.dictCode, record?.dictCode, (code) =>
    checkDictCode(code, record?.id),
  );

  /** The form as the shared schema's body; its refusals go to their fields (null: nothing is sent). */
  const checkedBody = (values: Values): DictBody | null => {
    const raw = { ...values, description: values.description ?? null };
    const checked = record
      ? checkWithSchema(DictEditBody, { ...raw, id: record.id, version: record.version })
      : checkWithSchema(DictAddBody, raw);
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
      title={record ? '编辑字典' : '新增字典'}
      open={open}
      width={560}
      okText="保存"
      confirmLoading={submit.submitting}
      onOk={() => void submit.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="dict-form-dialog"
    >
      <ModalForm
        form={form}
        onSubmit={submit.submit}
        submitting={submit.submitting}
        name="dict"
        layout="vertical"
        autoComplete="off"
        initialValues={{ type: 0 }}
      >
        <Form.Item label="字典名称" name="dictName" required rules={[schemaRule(DictAddBody.shape.dictName)]}>
          <Input placeholder="请输入字典名称" maxLength={DICT_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item
          label="字典编码"
          name="dictCode"
          required
          validateTrigger={['onChange', 'onBlur']}
          validateFirst
          rules={[schemaRule(DictAddBody.shape.dictCode), codeFree]}
        >
          <Input placeholder="请输入字典编码，如 order_status" maxLength={DICT_LIMITS.codeMax} />
        </Form.Item>
        {record ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="修改字典编码后，引用原编码的页面和字段将取不到字典项。"
          />
        ) : null}
        <Form.Item label="字典类型" name="type" rules={[schemaRule(DictAddBody.shape.type)]}>
          <Radio.Group
            options={Object.entries(DICT_TYPE_TEXT).map(([value, label]) => ({ value: Number(value), label }))}
          />
        </Form.Item>
        <Form.Item label="描述" name="description" rules={[schemaRule(DictAddBody.shape.description)]}>
          <Input.TextArea rows={3} placeholder="请输入描述" maxLength={DICT_LIMITS.descriptionMax} showCount />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
