/**
 * 新增 / 编辑 a position: 职务名称, 职务编码 (checked for duplicates on blur), 职级 (dictionary position_rank). The
 * shared schemas (PositionAddBody, PositionEditBody) check the form before it is sent; the server checks it again
 * (a position users hold keeps its code: the server says so).
 */
import { useEffect } from 'react';
import { Form, Input, Modal, Select, type FormRule } from 'antd';
import type { z } from 'zod';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  POSITION_CODE_MAX,
  POSITION_NAME_MAX,
  POSITION_RANK_DICT,
  PositionAddBody,
  PositionEditBody,
  type PositionRecord,
} from '@houtai/shared/contract/admin-position';
import { useDictOptions, type DictOption } from '../../../lib/dict/use-dict-options.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, codeFreeOnBlur, showFieldErrors } from '../../../lib/zod-form.ts';
import { checkPositionCode } from './api/check-position-code.ts';
import { useSavePosition, type PositionBody } from './api/save-position.ts';

interface Values {
  name?: string;
  code?: string;
  postRank?: string | null;
}

const FIELDS = ['name', 'code', 'postRank'] as const;

/** The ranks when the dictionary cannot be read (the seeded position_rank). */
export const RANK_FALLBACK: readonly DictOption[] = [
  { value: '1', label: '员级' },
  { value: '2', label: '助级' },
  { value: '3', label: '中级' },
  { value: '4', label: '副高级' },
  { value: '5', label: '正高级' },
];

function schemaRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '');
    },
  };
}

export interface PositionFormDialogProps {
  open: boolean;
  /** null: a new position. */
  record: PositionRecord | null;
  onClose: () => void;
}

export function PositionFormDialog({ open, record, onClose }: PositionFormDialogProps) {
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const save = useSavePosition();
  const ranks = useDictOptions(POSITION_RANK_DICT, RANK_FALLBACK);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) form.setFieldsValue({ name: record.name, code: record.code, postRank: record.postRank ?? undefined });
  }, [open, record, form]);

  const codeFree = codeFreeOnBlur(PositionAddBody.shape.code, record?.code, (code) =>
    checkPositionCode(code, record?.id),
  );

  const checkedBody = (values: Values): PositionBody | null => {
    const raw = { ...values, postRank: values.postRank ?? null };
    const checked = record
      ? checkWithSchema(PositionEditBody, { ...raw, id: record.id, version: record.version })
      : checkWithSchema(PositionAddBody, raw);
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
      title={record ? '编辑职务' : '新增职务'}
      open={open}
      width={520}
      okText="保存"
      confirmLoading={submit.submitting}
      onOk={() => void submit.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="position-form-dialog"
    >
      <ModalForm
        form={form}
        onSubmit={submit.submit}
        submitting={submit.submitting}
        name="position"
        layout="vertical"
        autoComplete="off"
      >
        <Form.Item label="职务名称" name="name" required rules={[schemaRule(PositionAddBody.shape.name)]}>
          <Input placeholder="请输入职务名称" maxLength={POSITION_NAME_MAX} />
        </Form.Item>
        <Form.Item
          label="职务编码"
          name="code"
          required
          validateTrigger={['onChange', 'onBlur']}
          validateFirst
          rules={[schemaRule(PositionAddBody.shape.code), codeFree]}
          extra="字母、数字、下划线或中划线；已有用户使用的职务不能修改编码"
        >
          <Input placeholder="请输入职务编码" maxLength={POSITION_CODE_MAX} />
        </Form.Item>
        <Form.Item label="职级" name="postRank">
          <Select placeholder="请选择职级" allowClear options={[...ranks]} />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
