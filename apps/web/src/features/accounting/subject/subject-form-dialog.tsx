/**
 * 新增一级科目 / 新增下级 / 编辑 of the chart of accounts: 上级科目 (shown for a sub-account), 科目编码 with the 企业会计准则
 * rule beside it (prefilled with the parent's code; fixed once saved), 科目名称, 余额方向 借/贷, 科目类别 (chosen for a
 * first-level subject and filled from the code's first digit; a sub-account's is its parent's) and 状态. The shared
 * schemas check the form before it is sent; a refusal (code taken, template using it, stale version) is shown as a
 * warning and the dialog stays open.
 */
import { useEffect } from 'react';
import { Form, Input, Modal, Radio, Select, Typography, type FormRule } from 'antd';
import { SUBJECT_CATEGORIES, SUBJECT_LIMITS, SUBJECT_TEXT } from '@houtai/shared/contract/accounting-subject';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { showFieldErrors } from '../../../lib/zod-form.ts';
import { useSaveSubject, type SubjectBody } from './api/save-subject.ts';
import {
  SUBJECT_FIELDS,
  categoryForCode,
  checkSubject,
  initialValues,
  type SubjectEditing,
  type SubjectFormValues,
} from './subject-model.ts';

export const DIRECTION_OPTIONS = [
  { value: 'D', label: '借' },
  { value: 'C', label: '贷' },
];
export const STATUS_OPTIONS = [
  { value: '1', label: '启用' },
  { value: '0', label: '停用' },
];
const CATEGORY_OPTIONS = SUBJECT_CATEGORIES.map((c) => ({ value: c, label: c }));
const CODE_MAX = SUBJECT_LIMITS.firstLevelLength + SUBJECT_LIMITS.subLength * (SUBJECT_LIMITS.maxLevel - 1);

export interface SubjectFormDialogProps {
  /** null: closed. */
  editing: SubjectEditing | null;
  onClose: () => void;
}

export function SubjectFormDialog({ editing, onClose }: SubjectFormDialogProps) {
  const [form] = Form.useForm<SubjectFormValues>();
  const { message } = useFeedback();
  const save = useSaveSubject();
  const open = editing !== null;
  const parent = editing?.kind === 'add' ? editing.parent : null;
  const isEdit = editing?.kind === 'edit';
  const isSub = parent !== null || (editing?.kind === 'edit' && editing.record.parentCode !== null);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(initialValues(editing));
  }, [editing, form]);

  /** A field's rule from the shared schema (the server's words). */
  const rule = (field: (typeof SUBJECT_FIELDS)[number]): FormRule => ({
    validator: async () => {
      if (!editing) return;
      const checked = checkSubject(editing, form.getFieldsValue(true) as SubjectFormValues);
      const error = checked.ok ? undefined : checked.errors.byField.get(field)?.[0];
      if (error) throw new Error(error);
    },
  });

  const checkedBody = (values: SubjectFormValues): SubjectBody | null => {
    if (!editing) return null;
    const checked = checkSubject(editing, { ...form.getFieldsValue(true), ...values } as SubjectFormValues);
    if (checked.ok) return checked.value;
    const rest = showFieldErrors(form, checked.errors, SUBJECT_FIELDS);
    if (rest.length) void message.warning(rest.join('；'));
    return null;
  };

  const submit = useFormSubmit({
    form,
    input: checkedBody,
    mutation: save,
    onSuccess: (text) => {
      void message.success(text || (isEdit ? SUBJECT_TEXT.edited : SUBJECT_TEXT.added));
      onClose();
    },
  });

  const title = isEdit ? '编辑会计科目' : parent ? '新增下级科目' : '新增一级科目';

  return (
    <Modal
      title={title}
      open={open}
      width={520}
      okText="保存"
      confirmLoading={submit.submitting}
      onOk={() => void submit.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="subject-form-dialog"
    >
      <ModalForm<SubjectFormValues>
        form={form}
        onSubmit={submit.submit}
        submitting={submit.submitting}
        name="subject"
        layout="vertical"
        autoComplete="off"
        onValuesChange={(changed: SubjectFormValues) => {
          // A first-level code names its category: fill the select as the code is typed.
          if (!isSub && !isEdit && 'code' in changed) {
            const category = categoryForCode(changed.code);
            if (category) form.setFieldsValue({ category });
          }
        }}
      >
        {parent ? (
          <Form.Item label="上级科目">
            <Typography.Text data-testid="subject-parent">{`${parent.code} ${parent.name}`}</Typography.Text>
          </Form.Item>
        ) : null}
        <Form.Item
          label="科目编码"
          name="code"
          required
          rules={isEdit ? [] : [rule('code')]}
          extra={isEdit ? '科目编码保存后不能修改' : SUBJECT_TEXT.codeRule}
        >
          <Input placeholder="请输入科目编码" maxLength={CODE_MAX} inputMode="numeric" disabled={isEdit} />
        </Form.Item>
        <Form.Item label="科目名称" name="name" required rules={[rule('name')]}>
          <Input placeholder="请输入科目名称" maxLength={SUBJECT_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item label="余额方向" name="direction" required rules={[rule('direction')]}>
          <Radio.Group options={DIRECTION_OPTIONS} />
        </Form.Item>
        <Form.Item
          label="科目类别"
          name="category"
          required={!isSub && !isEdit}
          rules={isSub || isEdit ? [] : [rule('category')]}
          extra={isSub ? '下级科目的类别与上级科目相同' : undefined}
        >
          <Select placeholder="请选择科目类别" options={CATEGORY_OPTIONS} disabled={isSub || isEdit} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Radio.Group options={STATUS_OPTIONS} />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
