/**
 * 角色管理 (/isystem/roleUserList): the roles with filters; 新增 / 编辑 / 删除 (one or the ticked ones); 用户 lists the
 * role's users (add existing users, 取消关联); 授权 opens the permission tree (menus, buttons, field rules) with
 * 数据规则 per menu. Buttons follow the caller's permission codes; the server checks them again.
 */
import { useCallback, useState } from 'react';
import { Button, Flex, Form, Input, Popconfirm, Space, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import type { RoleRecord } from '@houtai/shared/contract/admin-role';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { Authorized, useHasPermission } from '../../../lib/permissions/index.ts';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import {
  DataRuleDialog,
  dataRuleLink,
  type DataRuleTarget,
} from '../../../widgets/data-rule-dialog/data-rule-dialog.tsx';
import { PermissionTreeDrawer } from '../../../widgets/permission-tree/permission-tree-drawer.tsx';
import { getRoleDataRules } from './api/get-role-data-rules.ts';
import { getRole } from './api/get-role.ts';
import { ROLE_LIST_PATH, useRoleTable, type RoleFilters, type RoleRow } from './api/list-roles.ts';
import { loadPermissionTree } from './api/load-permission-tree.ts';
import { loadRolePermissions } from './api/load-role-permissions.ts';
import { saveRoleDataRules } from './api/save-role-data-rules.ts';
import { saveRolePermissions } from './api/save-role-permissions.ts';
import { RoleFormDialog } from './role-form-dialog.tsx';
import { RoleUsersDrawer } from './role-users-drawer.tsx';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';

const P = ADMIN_PERMISSIONS.role;

export function RoleAdminPage() {
  const { message } = useFeedback();
  const [form] = Form.useForm<RoleFilters>();
  const [editing, setEditing] = useState<{ record: RoleRecord | null } | null>(null);
  const [granting, setGranting] = useState<RoleRow | null>(null);
  const [dataRule, setDataRule] = useState<DataRuleTarget | null>(null);
  const rulesOf = granting?.id ?? '';
  const loadRules = useCallback((permissionId: string) => getRoleDataRules(permissionId, rulesOf), [rulesOf]);
  const saveRules = useCallback(
    (permissionId: string, ruleIds: readonly string[]) => saveRoleDataRules(permissionId, rulesOf, ruleIds),
    [rulesOf],
  );
  const [usersOf, setUsersOf] = useState<RoleRow | null>(null);
  const canDelete = useHasPermission(P.delete);
  const list = useRoleTable(canDelete);
  const { table } = list;

  const openEditor = async (id: string | null) => {
    if (!id) {
      setEditing({ record: null });
      return;
    }
    try {
      setEditing({ record: await getRole(id) });
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    }
  };

  const actions = (r: RoleRow, vertical: boolean) => {
    const style = vertical ? { padding: 0 } : { paddingInline: 4 };
    return (
      <Space size={4} wrap={false} orientation={vertical ? 'vertical' : 'horizontal'}>
        <Authorized action={P.users}>
          <Button
            type="link"
            size="small"
            style={style}
            onClick={() => setUsersOf(r)}
            data-testid={`role-users-${r.id}`}
          >
            用户
          </Button>
        </Authorized>
        <Authorized action={P.authorize}>
          <Button
            type="link"
            size="small"
            style={style}
            onClick={() => setGranting(r)}
            data-testid={`role-grant-${r.id}`}
          >
            授权
          </Button>
        </Authorized>
        <Authorized action={P.edit}>
          <Button type="link" size="small" style={style} onClick={() => void openEditor(r.id)}>
            编辑
          </Button>
        </Authorized>
        <Authorized action={P.delete}>
          <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => list.removeOne(r.id)}>
            <Button type="link" size="small" style={style} danger>
              删除
            </Button>
          </Popconfirm>
        </Authorized>
      </Space>
    );
  };

  const columns: FitColumn<RoleRow>[] = [
    { title: '角色名称', dataIndex: 'roleName', minWidth: 160, ellipsis: true },
    { title: '角色编码', dataIndex: 'roleCode', width: 160, ellipsis: true },
    {
      title: '描述',
      dataIndex: 'description',
      minWidth: 200,
      from: 'xl',
      ellipsis: { showTitle: false },
      render: (v: string | null) => (v ? <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text> : '-'),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 168, render: (v: string | null) => v || '-' },
    { title: '操作', key: 'actions', width: 200, fixed: 'right', render: (_: unknown, r) => actions(r, false) },
  ];
  // A phone: one card per role — name, code, description — with its actions beside it.
  const compactColumns: TableColumnsType<RoleRow> = [
    {
      title: '角色',
      key: 'role',
      render: (_: unknown, r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="role-card">
          <Typography.Text strong ellipsis={{ tooltip: r.roleName }}>
            {r.roleName}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.roleCode}
          </Typography.Text>
          {r.description ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.description }}>
              {r.description}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: '操作', key: 'actions', width: 72, render: (_: unknown, r) => actions(r, true) },
  ];

  return (
    <>
      <ListPage<RoleRow, RoleFilters>
        page={list}
        listKey={ROLE_LIST_PATH}
        title="角色管理"
        search={
          <SearchForm form={form} onSearch={table.searchProps.onSearch} onReset={table.searchProps.onReset}>
            <Form.Item label="角色名称" name="roleName">
              <Input placeholder="请输入角色名称" allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item label="角色编码" name="roleCode">
              <Input placeholder="请输入角色编码" allowClear style={{ width: 180 }} />
            </Form.Item>
          </SearchForm>
        }
        toolbar={
          <Authorized action={P.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void openEditor(null)}>
              新增
            </Button>
          </Authorized>
        }
        batchDeletePermission={P.delete}
        columns={columns}
        compactColumns={compactColumns}
        emptyText="暂无角色"
        errorTitle="角色列表加载失败"
        data-testid="role-admin-page"
        testIdPrefix="role"
      />
      <RoleFormDialog open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} />
      <PermissionTreeDrawer
        open={granting !== null}
        title={granting ? `角色权限配置 - ${granting.roleName}` : '角色权限配置'}
        loadTree={loadPermissionTree}
        loadChecked={() => (granting ? loadRolePermissions(granting.id) : Promise.resolve([]))}
        save={(ids, last) => (granting ? saveRolePermissions(granting.id, ids, last) : Promise.resolve(''))}
        onClose={() => setGranting(null)}
        renderNodeExtra={granting ? dataRuleLink(setDataRule) : undefined}
      />
      <DataRuleDialog
        target={dataRule}
        onClose={() => setDataRule(null)}
        load={loadRules}
        save={saveRules}
        label="选择该角色使用的数据规则"
        testId="role-data-rule-dialog"
      />
      <RoleUsersDrawer role={usersOf} onClose={() => setUsersOf(null)} />
    </>
  );
}
