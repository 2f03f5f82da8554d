/**
 * 新增 / 编辑 one data rule of a menu: 规则名称, 规则字段 (a field of the menu's list), 条件规则 (the shared closed
 * set, never typed SQL), 规则值 (may name the shared variables) and 状态. Checked with the shared schema first.
 */
import { useEffect } from 'react';
import { Form, Input, Modal, Radio, Select } from 'antd';
import {
  DATA_RULE_CONDITIONS,
  DATA_RULE_VARIABLES,
  DataRuleAddBody,
  DataRuleEditBody,
  MENU_LIMITS,
  type DataRuleCondition,
  type SysPermissionDataRule,
} from '@houtai/shared/contract/admin-menu';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors, type FieldErrors } from '../../../lib/zod-form.ts';
import { useSaveDataRule, type DataRuleSave } from './api/save-data-rule.ts';
import { CONDITION_LABEL, STATUS_OPTIONS } from './labels.ts';

interface RuleValues {
  ruleName?: string;
  ruleColumn?: string;
  ruleConditions?: DataRuleCondition;
  ruleValue?: string;
  status?: string;
}

const FIELDS = ['ruleName', 'ruleColumn', 'ruleConditions', 'ruleValue', 'status'] as const;

const CONDITION_OPTIONS = DATA_RULE_CONDITIONS.map((c) => ({ value: c, label: `${CONDITION_LABEL[c]}（${c}）` }));
const VARIABLE_HINT = `可使用变量：${DATA_RULE_VARIABLES.map((v) => `#{${v}}`).join('、')}（当前用户账号、当前部门编码、今天）`;

export interface DataRuleEditing {
  permissionId: string;
  /** Null: a new rule. */
  rule: SysPermissionDataRule | null;
}

function toValues(rule: SysPermissionDataRule | null): RuleValues {
  if (!rule) return { ruleConditions: '=', status: '1' };
  return {
    ruleName: rule.ruleName,
    ruleColumn: rule.ruleColumn,
    ruleConditions: (DATA_RULE_CONDITIONS as readonly string[]).includes(rule.ruleConditions)
      ? (rule.ruleConditions as DataRuleCondition)
      : undefined,
    ruleValue: rule.ruleValue,
    status: rule.status || '1',
  };
}

export interface DataRuleFormDialogProps {
  editing: DataRuleEditing | null;
  onClose: () => void;
}

export function DataRuleFormDialog({ editing, onClose }: DataRuleFormDialogProps) {
  const [form] = Form.useForm<RuleValues>();
  const { message } = useFeedback();
  const mutation = useSaveDataRule();

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(toValues(editing.rule));
  }, [editing, form]);

  const checked = (values: RuleValues): DataRuleSave | null => {
    if (!editing) return null;
    const body = { ...values, permissionId: editing.permissionId };
    const refused = (errors: FieldErrors) => {
      const rest = showFieldErrors(form, errors, FIELDS);
      if (rest.length) void message.warning(rest.join('；'));
      return null;
    };
    if (editing.rule) {
      const result = checkWithSchema(DataRuleEditBody, { ...body, id: editing.rule.id });
      return result.ok ? { kind: 'edit', body: result.value } : refused(result.errors);
    }
    const result = checkWithSchema(DataRuleAddBody, body);
    return result.ok ? { kind: 'add', body: result.value } : refused(result.errors);
  };

  const save = useFormSubmit({
    form,
    input: checked,
    mutation,
    onSuccess: (text) => {
      void message.success(text);
      onClose();
    },
  });

  return (
    <Modal
      title={editing?.rule ? '编辑数据规则' : '新增数据规则'}
      width={520}
      open={editing !== null}
      okText="保存"
      confirmLoading={save.submitting}
      onOk={() => void save.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="data-rule-form-dialog"
    >
      <ModalForm
        onSubmit={save.submit}
        submitting={save.submitting}
        form={form}
        name="dataRule"
        layout="vertical"
        autoComplete="off"
      >
        <Form.Item label="规则名称" name="ruleName" required>
          <Input placeholder="请输入规则名称" maxLength={MENU_LIMITS.ruleName} />
        </Form.Item>
        <Form.Item label="规则字段" name="ruleColumn" required extra="列表可用于数据规则的字段名，如 createBy">
          <Input placeholder="请输入规则字段" maxLength={MENU_LIMITS.ruleColumn} />
        </Form.Item>
        <Form.Item label="条件规则" name="ruleConditions" required>
          <Select options={CONDITION_OPTIONS} placeholder="请选择条件规则" />
        </Form.Item>
        <Form.Item label="规则值" name="ruleValue" required extra={VARIABLE_HINT}>
          <Input placeholder="请输入规则值" maxLength={MENU_LIMITS.ruleValue} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Radio.Group options={STATUS_OPTIONS} />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
