/**
 * 基本信息: the chosen department's edit form. The parent is a tree select (its own subtree cannot be chosen; clear
 * it for the top level); 机构编码 and 机构类型 are the server's and shown read-only. Without the edit code the
 * form is read only. DepartEditBody checks it before it is sent.
 */
import { useEffect, useMemo } from 'react';
import { Button, Col, Form, Input, TreeSelect } from 'antd';
import { ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { DepartEditBody, type DepartTreeModel } from '@houtai/shared/contract/admin-depart';
import { useFeedback } from '../../../lib/feedback.ts';
import { useHasPermission } from '../../../lib/permissions/index.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { useEditDepart } from './api/edit-depart.ts';
import { DepartFields } from './depart-fields.tsx';
import { DEPART_FORM_FIELDS, toEditBody, toFormValues, type DepartFormValues } from './depart-form-values.ts';
import { parentOptions, subtreeIds } from './depart-tree-model.ts';

export interface DepartInfoTabProps {
  depart: DepartTreeModel;
  tree: readonly DepartTreeModel[];
}

export function DepartInfoTab({ depart, tree }: DepartInfoTabProps) {
  const [form] = Form.useForm<DepartFormValues>();
  const { message } = useFeedback();
  const canEdit = useHasPermission(ADMIN_PERMISSIONS.depart.edit);
  const edit = useEditDepart();
  const options = useMemo(() => parentOptions(tree, new Set(subtreeIds(depart))), [tree, depart]);

  // Reset only when the department's own fields change: a reload that touched only its children keeps the edits.
  const initial = JSON.stringify(toFormValues(depart));
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(JSON.parse(initial) as DepartFormValues);
  }, [initial, form]);

  const checkedBody = (values: DepartFormValues): DepartEditBody | null => {
    const checked = checkWithSchema(DepartEditBody, toEditBody(values, depart.id));
    if (checked.ok) return checked.value;
    const rest = showFieldErrors(form, checked.errors, DEPART_FORM_FIELDS);
    if (rest.length) void message.warning(rest.join('；'));
    return null;
  };

  const save = useFormSubmit<DepartFormValues, DepartEditBody, string>({
    form,
    input: checkedBody,
    mutation: edit,
    onSuccess: (text) => void message.success(text || ADMIN_TEXT.edited),
  });

  const half = { xs: 24, sm: 12 };
  return (
    <Form<DepartFormValues>
      form={form}
      name="depart-info"
      layout="vertical"
      autoComplete="off"
      onFinish={() => void save.submit()}
      data-testid="depart-info-form"
    >
      <DepartFields
        disabled={!canEdit}
        parent={
          <Form.Item label="上级部门" name="parentId">
            <TreeSelect
              treeData={options}
              allowClear
              showSearch={{ treeNodeFilterProp: 'title' }}
              placeholder="无（顶级部门）"
              treeDefaultExpandAll
              disabled={!canEdit}
              data-testid="depart-parent-select"
            />
          </Form.Item>
        }
        serverFields={
          <>
            <Col {...half}>
              <Form.Item label="机构编码" htmlFor="depart-org-code">
                <Input id="depart-org-code" value={depart.orgCode} readOnly variant="filled" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label="机构类型（层级）" htmlFor="depart-org-type">
                <Input id="depart-org-type" value={depart.orgType ?? ''} readOnly variant="filled" />
              </Form.Item>
            </Col>
          </>
        }
      />
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={save.submitting}>
          保存
        </Button>
      )}
    </Form>
  );
}
