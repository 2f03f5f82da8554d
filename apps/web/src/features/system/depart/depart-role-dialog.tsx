/** 新增 / 编辑 a department role: name, code and description, checked with the shared DepartRole*Body schemas. */
import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  DEPART_LIMITS,
  DepartRoleAddBody,
  DepartRoleEditBody,
  type DepartRoleRecord,
} from '@houtai/shared/contract/admin-depart';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { useAddDepartRole, useEditDepartRole } from './api/depart-roles.ts';

interface RoleValues {
  roleName?: string;
  roleCode?: string;
  description?: string | null;
}

type RoleBody = DepartRoleAddBody | DepartRoleEditBody;

const ROLE_FIELDS = ['roleName', 'roleCode', 'description'];

export interface DepartRoleDialogProps {
  open: boolean;
  departId: string;
  /** The role to edit; null for a new one. */
  record: DepartRoleRecord | null;
  onClose: () => void;
}

export function DepartRoleDialog({ open, departId, record, onClose }: DepartRoleDialogProps) {
  const [form] = Form.useForm<RoleValues>();
  const { message } = useFeedback();
  const add = useAddDepartRole(departId);
  const edit = useEditDepartRole(departId);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) form.setFieldsValue(record);
  }, [open, record, form]);

  const checkedBody = (v: RoleValues): RoleBody | null => {
    const raw = { roleName: v.roleName ?? '', roleCode: v.roleCode ?? '', description: v.description ?? null };
    const checked = record
      ? checkWithSchema(DepartRoleEditBody, { ...raw, id: record.id, departId })
      : checkWithSchema(DepartRoleAddBody, { ...raw, departId });
    if (checked.ok) return checked.value;
    const rest = showFieldErrors(form, checked.errors, ROLE_FIELDS);
    if (rest.length) void message.warning(rest.join('；'));
    return null;
  };

  const save = useFormSubmit<RoleValues, RoleBody, string>({
    form,
    input: checkedBody,
    mutation: {
      mutateAsync: (body) => ('id' in body ? edit.mutateAsync(body) : add.mutateAsync(body)),
      isPending: add.isPending || edit.isPending,
    },
    onSuccess: (text) => {
      void message.success(text || (record ? ADMIN_TEXT.edited : ADMIN_TEXT.added));
      onClose();
    },
  });

  return (
    <Modal
      title={record ? '编辑部门角色' : '新增部门角色'}
      open={open}
      okText="保存"
      confirmLoading={save.submitting}
      onOk={() => void save.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="depart-role-dialog"
    >
      <ModalForm
        form={form}
        onSubmit={save.submit}
        submitting={save.submitting}
        name="depart-role"
        layout="vertical"
        autoComplete="off"
      >
        <Form.Item label="部门角色名称" name="roleName" required>
          <Input placeholder="请输入部门角色名称" maxLength={DEPART_LIMITS.roleName} />
        </Form.Item>
        <Form.Item label="部门角色编码" name="roleCode" required>
          <Input placeholder="请输入部门角色编码" maxLength={DEPART_LIMITS.roleCode} />
        </Form.Item>
        <Form.Item label="描述" name="description">
          <Input.TextArea rows={3} placeholder="请输入描述" maxLength={DEPART_LIMITS.roleDescription} />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
