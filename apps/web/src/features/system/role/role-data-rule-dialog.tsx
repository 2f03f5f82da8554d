/**
 * 数据规则 of a role on one menu (from the 授权 drawer): the menu's data rules, those the role has chosen ticked;
 * 保存 sends the ticked ones (none clears them). The role must hold the menu first (the server says so otherwise).
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Empty, Flex, Form, Modal, Spin, Typography } from 'antd';
import { MENU_TEXT, type RoleDataRuleResult } from '@houtai/shared/contract/admin-menu';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { getRoleDataRules } from './api/get-role-data-rules.ts';
import { saveRoleDataRules } from './api/save-role-data-rules.ts';

export interface DataRuleTarget {
  roleId: string;
  permissionId: string;
  /** The menu's name. */
  title: string;
}

export interface RoleDataRuleDialogProps {
  target: DataRuleTarget | null;
  onClose: () => void;
}

export function RoleDataRuleDialog({ target, onClose }: RoleDataRuleDialogProps) {
  return (
    <Modal
      title={target ? `数据规则 - ${target.title}` : '数据规则'}
      open={target !== null}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
      data-testid="role-data-rule-dialog"
    >
      {target && <DataRuleForm target={target} onClose={onClose} />}
    </Modal>
  );
}

type Load = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; data: RoleDataRuleResult };

function DataRuleForm({ target, onClose }: { target: DataRuleTarget; onClose: () => void }) {
  const [form] = Form.useForm<{ ruleIds: string[] }>();
  const { message } = useFeedback();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { roleId, permissionId } = target;

  useEffect(() => {
    let current = true;
    getRoleDataRules(permissionId, roleId).then(
      (data) => {
        if (!current) return;
        setLoad({ status: 'ready', data });
      },
      (e: unknown) => {
        if (current) setLoad({ status: 'error', error: new Error(failureText(e) ?? '加载失败') });
      },
    );
    return () => {
      current = false;
    };
  }, [permissionId, roleId, attempt]);

  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (saving) return;
    setSaving(true);
    try {
      const text = await saveRoleDataRules(
        permissionId,
        roleId,
        (form.getFieldValue('ruleIds') as string[] | undefined) ?? [],
      );
      void message.success(text || MENU_TEXT.dataRuleSaved);
      onClose();
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    } finally {
      setSaving(false);
    }
  };

  if (load.status === 'loading') {
    return (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin description="加载中…" />
      </Flex>
    );
  }
  if (load.status === 'error') {
    return (
      <LoadErrorAlert
        title="数据规则加载失败"
        error={load.error}
        onRetry={() => {
          setLoad({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
        data-testid="role-data-rule-error"
      />
    );
  }
  const rules = load.data.datarule;
  return (
    <ModalForm
      form={form}
      onSubmit={submit}
      submitting={saving}
      layout="vertical"
      initialValues={{ ruleIds: load.data.drChecked.split(',').filter((id) => id !== '') }}
    >
      {rules.length === 0 ? (
        <Empty description="该菜单没有数据规则" />
      ) : (
        <Form.Item label="选择该角色使用的数据规则" name="ruleIds">
          <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {rules.map((r) => (
              <Checkbox key={r.id} value={r.id}>
                <span>{r.ruleName}</span>
                <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                  {`${r.ruleColumn} ${r.ruleConditions} ${r.ruleValue}`}
                  {r.status !== '1' ? '（无效）' : ''}
                </Typography.Text>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
      )}
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" loading={saving} disabled={rules.length === 0} onClick={() => void submit()}>
          保存
        </Button>
      </Flex>
    </ModalForm>
  );
}
