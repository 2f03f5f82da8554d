/**
 * 部门角色: the chosen department's roles, a page at a time; 新增 / 编辑 / 删除 and 授权 (what the role grants, out
 * of what the department holds) for holders of the department's authorize code. A phone gets one card per role.
 */
import { useCallback, useMemo, useState } from 'react';
import { Button, Empty, Flex, Grid, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import type { DepartRoleRecord, DepartTreeModel } from '@houtai/shared/contract/admin-depart';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { useHasPermission } from '../../../lib/permissions/index.ts';
import {
  DataRuleDialog,
  dataRuleLink,
  type DataRuleTarget,
} from '../../../widgets/data-rule-dialog/data-rule-dialog.tsx';
import { PermissionTreeDrawer } from '../../../widgets/permission-tree/permission-tree-drawer.tsx';
import { loadDeptRoleDataRules, saveDeptRoleDataRules } from './api/depart-data-rules.ts';
import { DEPART_ROLE_PAGE_SIZE, useDeleteDepartRole, useDepartRoles } from './api/depart-roles.ts';
import { loadDeptRolePermission, loadDeptRoleTree, saveDeptRolePermission } from './api/dept-role-permission.ts';
import { DepartRoleDialog } from './depart-role-dialog.tsx';

export function DepartRolesTab({ depart }: { depart: DepartTreeModel }) {
  const screens = Grid.useBreakpoint();
  const phone = !screens.md;
  const { message } = useFeedback();
  const canAuthorize = useHasPermission(ADMIN_PERMISSIONS.depart.authorize);
  const [pageNo, setPageNo] = useState(1);
  const roles = useDepartRoles(depart.id, pageNo);
  const remove = useDeleteDepartRole(depart.id);
  const [editing, setEditing] = useState<{ record: DepartRoleRecord | null } | null>(null);
  const [granting, setGranting] = useState<DepartRoleRecord | null>(null);

  // Stable loaders: the drawer loads once per role.
  const grant = useMemo(
    () =>
      granting && {
        loadTree: () => loadDeptRoleTree(depart.id),
        loadChecked: () => loadDeptRolePermission(granting.id),
        save: (ids: string[], last: string[]) => saveDeptRolePermission(granting.id, ids, last),
      },
    [granting, depart.id],
  );
  const [dataRule, setDataRule] = useState<DataRuleTarget | null>(null);
  const rulesOf = granting?.id ?? '';
  const loadRules = useCallback(
    (permissionId: string) => loadDeptRoleDataRules(permissionId, depart.id, rulesOf),
    [depart.id, rulesOf],
  );
  const saveRules = useCallback(
    (permissionId: string, ruleIds: readonly string[]) =>
      saveDeptRoleDataRules(permissionId, depart.id, rulesOf, ruleIds),
    [depart.id, rulesOf],
  );

  const removeRole = async (id: string) => {
    try {
      void message.success((await remove.mutateAsync(id)) || ADMIN_TEXT.deleted);
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    }
  };

  const actions = (r: DepartRoleRecord) => (
    <Space size={4} wrap>
      <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => setEditing({ record: r })}>
        编辑
      </Button>
      <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => setGranting(r)}>
        授权
      </Button>
      <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => removeRole(r.id)}>
        <Button type="link" size="small" style={{ paddingInline: 4 }} danger>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );

  const actionColumn: TableColumnsType<DepartRoleRecord> = canAuthorize
    ? [{ title: '操作', key: 'actions', width: phone ? 88 : 168, render: (_: unknown, r) => actions(r) }]
    : [];
  const columns: TableColumnsType<DepartRoleRecord> = phone
    ? [
        {
          title: '部门角色',
          key: 'role',
          render: (_: unknown, r) => (
            <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="depart-role-card">
              <Typography.Text strong>{r.roleName}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.roleCode}
              </Typography.Text>
            </Flex>
          ),
        },
        ...actionColumn,
      ]
    : [
        { title: '部门角色名称', dataIndex: 'roleName', ellipsis: true },
        { title: '部门角色编码', dataIndex: 'roleCode', ellipsis: true },
        { title: '描述', dataIndex: 'description', ellipsis: true, render: (v: string | null) => v || '-' },
        { title: '创建时间', dataIndex: 'createTime', width: 168, render: (v: string | null) => v || '-' },
        ...actionColumn,
      ];

  return (
    <div data-testid="depart-roles-tab">
      {canAuthorize && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => setEditing({ record: null })}
        >
          新增部门角色
        </Button>
      )}
      {roles.error ? (
        <LoadErrorAlert title="部门角色加载失败" error={roles.error} onRetry={() => void roles.refetch()} />
      ) : (
        <Table<DepartRoleRecord>
          rowKey="id"
          size="middle"
          loading={roles.isFetching}
          columns={columns}
          dataSource={roles.data?.records ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无部门角色" /> }}
          pagination={{
            current: pageNo,
            pageSize: DEPART_ROLE_PAGE_SIZE,
            total: roles.data?.total ?? 0,
            onChange: setPageNo,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
        />
      )}
      <DepartRoleDialog
        open={editing !== null}
        departId={depart.id}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
      />
      {granting && grant && (
        <PermissionTreeDrawer
          open
          title={`部门角色权限配置：${granting.roleName}`}
          {...grant}
          onClose={() => setGranting(null)}
          renderNodeExtra={dataRuleLink(setDataRule)}
        />
      )}
      <DataRuleDialog
        target={dataRule}
        onClose={() => setDataRule(null)}
        load={loadRules}
        save={saveRules}
        label="选择该部门角色使用的数据规则（仅限部门已拥有的规则）"
        testId="depart-role-data-rule-dialog"
      />
    </div>
  );
}
