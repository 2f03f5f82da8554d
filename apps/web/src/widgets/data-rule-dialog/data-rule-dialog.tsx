/**
 * 数据规则 on one menu of a grant (a role's, a department's, a department role's — opened from the permission tree
 * drawer): the rules offered, those chosen ticked; 保存 sends the ticked ones (none clears them). The feature gives the
 * loader and the save; the grant must hold the menu first (the server says so otherwise).
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Empty, Flex, Form, Modal, Spin, Typography } from 'antd';
import { MENU_TEXT, type RoleDataRuleResult } from '@houtai/shared/contract/admin-menu';
import { failureText } from '../../lib/failure-text.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { LoadErrorAlert } from '../../lib/load-error-alert.tsx';
import { ModalForm } from '../../lib/modal-form.tsx';
import type { PermissionTreeExtraNode } from '../permission-tree/permission-tree-drawer.tsx';

export interface DataRuleTarget {
  permissionId: string;
  /** The menu's name. */
  title: string;
}

export interface DataRuleDialogProps {
  target: DataRuleTarget | null;
  onClose: () => void;
  /** The rules offered on the menu and those chosen (comma text). */
  load: (permissionId: string) => Promise<RoleDataRuleResult>;
  /** Saves the chosen rules; answers the server's message. */
  save: (permissionId: string, ruleIds: readonly string[]) => Promise<string>;
  /** The checkbox group's label, e.g. 选择该角色使用的数据规则. */
  label: string;
  /** Default 'data-rule-dialog' (the error alert: `<testId>-error`). */
  testId?: string;
}

/**
 * The permission tree drawer's `renderNodeExtra` for a grant with data rules: a 数据规则 link on the menus that have
 * rules, opening the dialog on that menu.
 */
export function dataRuleLink(open: (target: DataRuleTarget) => void) {
  function DataRuleLink(node: PermissionTreeExtraNode) {
    if (node.ruleFlag !== 1) return null;
    return (
      <Button
        type="link"
        size="small"
        style={{ padding: 0, height: 'auto' }}
        onClick={() => open({ permissionId: node.key, title: node.title })}
      >
        数据规则
      </Button>
    );
  }
  return DataRuleLink;
}

export function DataRuleDialog({ target, onClose, testId = 'data-rule-dialog', ...rest }: DataRuleDialogProps) {
  return (
    <Modal
      title={target ? `数据规则 - ${target.title}` : '数据规则'}
      open={target !== null}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
      data-testid={testId}
    >
      {target && <DataRuleForm target={target} onClose={onClose} testId={testId} {...rest} />}
    </Modal>
  );
}

type Load = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; data: RoleDataRuleResult };

function DataRuleForm({
  target,
  onClose,
  load: loadRules,
  save,
  label,
  testId,
}: Omit<DataRuleDialogProps, 'target'> & { target: DataRuleTarget; testId: string }) {
  const [form] = Form.useForm<{ ruleIds: string[] }>();
  const { message } = useFeedback();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { permissionId } = target;

  useEffect(() => {
    let current = true;
    loadRules(permissionId).then(
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
  }, [loadRules, permissionId, attempt]);

  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (saving) return;
    setSaving(true);
    try {
      const text = await save(permissionId, (form.getFieldValue('ruleIds') as string[] | undefined) ?? []);
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
        data-testid={`${testId}-error`}
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
        <Form.Item label={label} name="ruleIds">
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
