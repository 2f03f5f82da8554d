/**
 * 新增 / 添加下级 / 编辑 a category: 上级分类 (the category tree select; empty = top level), 分类名称, 分类编码
 * (optional: left empty, the server generates the next code under the parent, e.g. A01 → A01A06). The shared
 * schemas (CategoryAddBody, CategoryEditBody) check the form before it is sent; the server checks it again — a code
 * not continuing the parent's, a taken code, or a parent among the category's own descendants come back as its
 * Chinese message.
 */
import { useEffect } from 'react';
import { Form, Input, Modal, type FormRule } from 'antd';
import type { z } from 'zod';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  CATEGORY_LIMITS,
  CATEGORY_ROOT_PID,
  CategoryAddBody,
  CategoryEditBody,
  type CategoryRecord,
} from '@houtai/shared/contract/category';
import { categoryTreeLoader } from '../../../lib/api/dict.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { DictTreeSelect } from '../../../widgets/tree-select/tree-select.tsx';
import { useSaveCategory, type CategoryBody } from './api/save-category.ts';

/** The whole tree from its top level (stable: a new loader would load the roots again). */
const ALL_CATEGORIES = categoryTreeLoader('');

export type CategoryEditing = { kind: 'add'; parent: CategoryRecord | null } | { kind: 'edit'; record: CategoryRecord };

interface Values {
  pid?: string;
  name?: string;
  code?: string;
}

const FIELDS = ['pid', 'name', 'code'] as const;

/** An antd rule from one field of a shared schema: its first message. */
function schemaRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '');
    },
  };
}

export interface CategoryFormDialogProps {
  editing: CategoryEditing | null;
  onClose: () => void;
}

export function CategoryFormDialog({ editing, onClose }: CategoryFormDialogProps) {
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const save = useSaveCategory();
  const open = editing !== null;
  const record = editing?.kind === 'edit' ? editing.record : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.kind === 'edit') {
      const r = editing.record;
      form.setFieldsValue({
        pid: r.pid === CATEGORY_ROOT_PID ? undefined : r.pid,
        name: r.name,
        code: r.code ?? undefined,
      });
    } else if (editing.parent) {
      form.setFieldsValue({ pid: editing.parent.id });
    }
  }, [editing, form]);

  /** The form as the shared schema's body; its refusals go to their fields (null: nothing is sent). */
  const checkedBody = (values: Values): CategoryBody | null => {
    const raw = { pid: values.pid || CATEGORY_ROOT_PID, name: values.name, code: values.code };
    const checked = record
      ? checkWithSchema(CategoryEditBody, { ...raw, id: record.id, version: record.version })
      : checkWithSchema(CategoryAddBody, raw);
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

  const title = record ? '编辑分类' : editing?.kind === 'add' && editing.parent ? '添加下级分类' : '新增分类';
  return (
    <Modal
      title={title}
      open={open}
      width={560}
      okText="保存"
      confirmLoading={submit.submitting}
      onOk={() => void submit.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="category-form-dialog"
    >
      <ModalForm
        form={form}
        onSubmit={submit.submit}
        submitting={submit.submitting}
        name="category"
        layout="vertical"
        autoComplete="off"
      >
        <Form.Item label="上级分类" name="pid" extra="不选则为顶级分类">
          <DictTreeSelect loader={ALL_CATEGORIES} placeholder="请选择上级分类" data-testid="category-parent" />
        </Form.Item>
        <Form.Item label="分类名称" name="name" required rules={[schemaRule(CategoryAddBody.shape.name)]}>
          <Input placeholder="请输入分类名称" maxLength={CATEGORY_LIMITS.name} />
        </Form.Item>
        <Form.Item
          label="分类编码"
          name="code"
          rules={[schemaRule(CategoryAddBody.shape.code)]}
          extra={record ? '须以上级分类的编码开头；修改后其下级的编码随之修改' : '留空由系统按上级编码自动生成'}
        >
          <Input placeholder={record ? '请输入分类编码' : '留空自动生成'} maxLength={CATEGORY_LIMITS.code} />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
