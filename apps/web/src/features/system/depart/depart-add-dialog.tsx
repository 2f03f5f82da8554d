/**
 * 新增 (a top-level department) and 添加下级 (a child of the chosen one). The shared DepartAddBody checks the form
 * before anything is sent; the server makes the org code and level.
 */
import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { DepartAddBody, type DepartRecord } from '@houtai/shared/contract/admin-depart';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { useAddDepart, type AddedDepart } from './api/add-depart.ts';
import { DepartFields } from './depart-fields.tsx';
import { DEPART_FORM_FIELDS, toAddBody, type DepartFormValues } from './depart-form-values.ts';

export interface DepartAddDialogProps {
  open: boolean;
  /** The parent of a 添加下级; null for a top-level department. */
  parent: { id: string; departName: string } | null;
  onClose: () => void;
  onAdded: (record: DepartRecord) => void;
}

export function DepartAddDialog({ open, parent, onClose, onAdded }: DepartAddDialogProps) {
  const [form] = Form.useForm<DepartFormValues>();
  const { message } = useFeedback();
  const add = useAddDepart();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ orgCategory: parent ? '2' : '1', departOrder: 0 });
  }, [open, parent, form]);

  const checkedBody = (values: DepartFormValues): DepartAddBody | null => {
    const checked = checkWithSchema(DepartAddBody, toAddBody(values, parent?.id ?? null));
    if (checked.ok) return checked.value;
    const rest = showFieldErrors(form, checked.errors, DEPART_FORM_FIELDS);
    if (rest.length) void message.warning(rest.join('；'));
    return null;
  };

  const save = useFormSubmit<DepartFormValues, DepartAddBody, AddedDepart>({
    form,
    input: checkedBody,
    mutation: add,
    onSuccess: (added) => {
      void message.success(added.message || ADMIN_TEXT.added);
      onAdded(added.record);
      onClose();
    },
  });

  return (
    <Modal
      title={parent ? '添加下级部门' : '新增部门'}
      width={760}
      open={open}
      okText="保存"
      confirmLoading={save.submitting}
      onOk={() => void save.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="depart-add-dialog"
    >
      <ModalForm
        form={form}
        onSubmit={save.submit}
        submitting={save.submitting}
        name="depart-add"
        layout="vertical"
        autoComplete="off"
      >
        <DepartFields
          parent={
            <Form.Item label="上级部门" htmlFor="depart-add-parent">
              <Input id="depart-add-parent" value={parent?.departName ?? '无（顶级部门）'} readOnly variant="filled" />
            </Form.Item>
          }
        />
      </ModalForm>
    </Modal>
  );
}
