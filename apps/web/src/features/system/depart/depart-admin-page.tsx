/**
 * 部门管理 (/isystem/depart, JeecgBoot's DepartList): the department tree on the left (stacked above on a phone)
 * and the chosen department's tabs on the right — 基本信息 (edit, move), 部门权限, 部门角色 and 用户. Buttons
 * follow the caller's permission codes (ADMIN_PERMISSIONS.depart); the server checks them again.
 */
import { useState } from 'react';
import { Card, Col, Empty, Row, Tabs } from 'antd';
import { ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import type { DepartRecord, DepartTreeModel } from '@houtai/shared/contract/admin-depart';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { useHasPermission } from '../../../lib/permissions/index.ts';
import { useDeleteDepart } from './api/delete-depart.ts';
import { useDepartTree } from './api/load-depart-tree.ts';
import { DepartAddDialog } from './depart-add-dialog.tsx';
import { DepartInfoTab } from './depart-info-tab.tsx';
import { DepartPermissionTab } from './depart-permission-tab.tsx';
import { DepartRolesTab } from './depart-roles-tab.tsx';
import { DepartTreePanel } from './depart-tree-panel.tsx';
import { DepartUsersTab } from './depart-users-tab.tsx';
import { findDepart } from './depart-tree-model.ts';

export const DEPART_EMPTY_TEXT = '请先选择一个部门';

export function DepartAdminPage() {
  const { message } = useFeedback();
  const tree = useDepartTree();
  const remove = useDeleteDepart();
  const canAuthorize = useHasPermission(ADMIN_PERMISSIONS.depart.authorize);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [adding, setAdding] = useState<{ parent: DepartTreeModel | null } | null>(null);
  const [tab, setTab] = useState('info');
  // Derived from the tree: a save or delete that reloads it shows the department as the server has it now.
  const selected = selectedId ? findDepart(tree.data ?? null, selectedId) : undefined;

  // Until the user expands or collapses, the first level is open.
  const expandedKeys = expanded ?? (tree.data ?? []).map((d) => d.id);

  const onAdded = (record: DepartRecord) => {
    if (record.parentId) setExpanded([...new Set([...expandedKeys, record.parentId])]);
    setSelectedId(record.id);
  };

  const onDelete = async (depart: DepartTreeModel) => {
    try {
      const text = await remove.mutateAsync(depart.id);
      void message.success(text || ADMIN_TEXT.deleted);
      setSelectedId(null);
    } catch (e) {
      // The server's reason (sub-departments or users still depend on it) is the message.
      const text = failureText(e);
      if (text) void message.warning(text);
    }
  };

  const tabs = selected && [
    {
      key: 'info',
      label: '基本信息',
      children: <DepartInfoTab key={selected.id} depart={selected} tree={tree.data ?? []} />,
    },
    ...(canAuthorize
      ? [
          {
            key: 'permission',
            label: '部门权限',
            children: <DepartPermissionTab key={selected.id} depart={selected} />,
          },
        ]
      : []),
    { key: 'roles', label: '部门角色', children: <DepartRolesTab key={selected.id} depart={selected} /> },
    { key: 'users', label: '用户', children: <DepartUsersTab key={selected.id} depart={selected} /> },
  ];

  return (
    <Row gutter={[16, 16]} data-testid="depart-admin-page">
      <Col xs={24} md={9} xl={7}>
        <Card title="组织机构" size="small">
          <DepartTreePanel
            tree={tree.data}
            loading={tree.isLoading}
            error={tree.error}
            onRetry={() => void tree.refetch()}
            selected={selected}
            onSelect={setSelectedId}
            expanded={expandedKeys}
            onExpand={setExpanded}
            onAdd={(parent) => setAdding({ parent })}
            onDelete={onDelete}
          />
        </Card>
      </Col>
      <Col xs={24} md={15} xl={17}>
        <Card size="small" title={selected ? selected.departName : '部门信息'} data-testid="depart-detail">
          {tabs ? (
            <Tabs activeKey={tabs.some((t) => t.key === tab) ? tab : 'info'} onChange={setTab} items={tabs} />
          ) : (
            <Empty description={DEPART_EMPTY_TEXT} />
          )}
        </Card>
      </Col>
      <DepartAddDialog
        open={adding !== null}
        parent={adding?.parent ?? null}
        onClose={() => setAdding(null)}
        onAdded={onAdded}
      />
    </Row>
  );
}
