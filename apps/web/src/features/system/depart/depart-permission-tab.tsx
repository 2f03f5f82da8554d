/**
 * 部门权限: what the department may hand out to its roles. The shared PermissionTreeDrawer edits it over the whole
 * permission tree; a permission taken away is taken from the department's roles too (server rule).
 */
import { useCallback, useMemo, useState } from 'react';
import { Button, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import type { DepartTreeModel } from '@houtai/shared/contract/admin-depart';
import {
  DataRuleDialog,
  dataRuleLink,
  type DataRuleTarget,
} from '../../../widgets/data-rule-dialog/data-rule-dialog.tsx';
import { PermissionTreeDrawer } from '../../../widgets/permission-tree/permission-tree-drawer.tsx';
import { loadDepartDataRules, saveDepartDataRules } from './api/depart-data-rules.ts';
import { loadDepartPermission, loadPermissionTree, saveDepartPermission } from './api/depart-permission.ts';

export function DepartPermissionTab({ depart }: { depart: DepartTreeModel }) {
  const [open, setOpen] = useState(false);
  const loaders = useMemo(
    () => ({
      loadTree: loadPermissionTree,
      loadChecked: () => loadDepartPermission(depart.id),
      save: (ids: string[], last: string[]) => saveDepartPermission(depart.id, ids, last),
    }),
    [depart.id],
  );
  const [dataRule, setDataRule] = useState<DataRuleTarget | null>(null);
  const loadRules = useCallback((permissionId: string) => loadDepartDataRules(permissionId, depart.id), [depart.id]);
  const saveRules = useCallback(
    (permissionId: string, ruleIds: readonly string[]) => saveDepartDataRules(permissionId, depart.id, ruleIds),
    [depart.id],
  );

  return (
    <div data-testid="depart-permission-tab">
      <Typography.Paragraph type="secondary">
        部门权限决定“{depart.departName}
        ”的部门角色可以授予哪些菜单和按钮，以及可以选用哪些数据规则；取消的权限和规则也会从该部门的部门角色中移除。
      </Typography.Paragraph>
      <Button type="primary" icon={<SafetyOutlined />} onClick={() => setOpen(true)}>
        配置部门权限
      </Button>
      {open && (
        <PermissionTreeDrawer
          open
          title={`部门权限配置：${depart.departName}`}
          {...loaders}
          onClose={() => setOpen(false)}
          renderNodeExtra={dataRuleLink(setDataRule)}
        />
      )}
      <DataRuleDialog
        target={dataRule}
        onClose={() => setDataRule(null)}
        load={loadRules}
        save={saveRules}
        label="选择该部门的部门角色可以使用的数据规则"
        testId="depart-data-rule-dialog"
      />
    </div>
  );
}
