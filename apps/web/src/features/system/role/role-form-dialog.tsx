/**
 * 新增 / 编辑 a role: 角色名称, 角色编码 (checked for duplicates on blur, kept for the built-in roles admin and
 * guest), 描述. The shared schemas (RoleAddBody, RoleEditBody) check the form before it is sent; the server checks
 * it again.
 */
import { useEffect } from 'react';
import { Form, Input, Modal, type FormRule } from 'antd';
import type { z } from 'zod';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  ROLE_CODE_MAX,
  ROLE_DESCRIPTION_MAX,
  ROLE_NAME_MAX,
  RoleAddBody,
  RoleEditBody,
  type RoleRecord,
} from '@houtai/shared/contract/admin-role';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, codeFreeOnBlur, showFieldErrors } from '../../../lib/zod-form.ts';
import { useAddRole } from './api/add-role.ts';
import { checkRoleCode } from './api/check-role-code.ts';
import { useEditRole } from './api/edit-role.ts';

interface Values {
  roleName?: string;
  roleCode?: string;
  description?: string;
}

const FIELDS = ['roleName', 'roleCode', 'description'] as const;
const BUILT_IN = new Set(['admin', 'guest']);

/** An antd rule from one field of a shared schema: its first message. */
function schemaRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '');
    },
  };
}

type Body = RoleAddBody | RoleEditBody;

export interface RoleFormDialogProps {
  open: boolean;
  /** null: a new role. */
  record: RoleRecord | null;
  onClose: () => void;
}

export function RoleFormDialog({ open, record, onClose }: RoleFormDialogProps) {
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const add = useAddRole();
  const edit = useEditRole();
  const builtIn = record !== null && BUILT_IN.has(record.roleCode);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) {
      form.setFieldsValue({
        roleName: record.roleName,
        roleCode: record.roleCode,
        description: record.description ?? undefined,
      });
    }
  }, [open, record, form]);

  const codeFree = codeFreeOnBlur(RoleAddBody.shape.roleCode, record?.roleCode, (code) =>
    checkRoleCode(code, record?.id),
  );

  /** The form as the shared schema's body; its refusals go to their fields (null: nothing is sent). */
  const checkedBody = (values: Values): Body | null => {
    const raw = { ...values, description: values.description ?? null };
    const checked = record
      ? checkWithSchema(RoleEditBody, { ...raw, id: record.id, version: record.version })
      : checkWithSchema(RoleAddBody, raw);
    if (checked.ok) return checked.value;
    const rest = showFieldErrors(form, checked.errors, FIELDS);
    if (rest.length) void message.warning(rest.join('；'));
    return null;
  };

  const save = useFormSubmit({
    form,
    input: checkedBody,
    mutation: {
      mutateAsync: (body: Body) => ('id' in body ? edit.mutateAsync(body) : add.mutateAsync(body)),
      isPending: add.isPending || edit.isPending,
    },
    onSuccess: (text) => {
      void message.success(text || (record ? ADMIN_TEXT.edited : ADMIN_TEXT.added));
      onClose();
    },
  });

  return (
    <Modal
      title={record ? '编辑角色' : '新增角色'}
      open={open}
      width={560}
      okText="保存"
      confirmLoading={save.submitting}
      onOk={() => void save.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="role-form-dialog"
    >
      <ModalForm
        form={form}
        onSubmit={save.submit}
        submitting={save.submitting}
        name="role"
        layout="vertical"
        autoComplete="off"
      >
        <Form.Item label="角色名称" name="roleName" required rules={[schemaRule(RoleAddBody.shape.roleName)]}>
          <Input placeholder="请输入角色名称" maxLength={ROLE_NAME_MAX} />
        </Form.Item>
        <Form.Item
          label="角色编码"
          name="roleCode"
          required
          validateTrigger={['onChange', 'onBlur']}
          validateFirst
          rules={[schemaRule(RoleAddBody.shape.roleCode), codeFree]}
          extra={builtIn ? '内置角色的角色编码不能修改' : undefined}
        >
          <Input placeholder="请输入角色编码" maxLength={ROLE_CODE_MAX} disabled={builtIn} />
        </Form.Item>
        <Form.Item label="描述" name="description" rules={[schemaRule(RoleAddBody.shape.description)]}>
          <Input.TextArea rows={3} placeholder="请输入描述" maxLength={ROLE_DESCRIPTION_MAX} showCount />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
