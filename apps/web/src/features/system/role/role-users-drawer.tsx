/**
 * 用户 of a role (角色管理): the users holding the role, searched by account and name; 添加已有用户 picks normal
 * users to give the role to; 取消关联 takes it from one user or from the ticked ones.
 */
import { useCallback, useState } from 'react';
import {
  Button,
  Drawer,
  Flex,
  Form,
  Grid,
  Input,
  Popconfirm,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import type { PickerUser } from '@houtai/shared/contract/pickers-rules';
import { loadUserList } from '../../../lib/api/pickers.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { useServerTable } from '../../../lib/server-table/use-server-table.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { RecordPickerModal, type RecordLoader } from '../../../widgets/record-picker/record-picker-modal.tsx';
import { USER_COLUMNS, userLabel } from '../../../widgets/user-picker/user-list-picker.tsx';
import { useAddRoleUsers } from './api/add-role-users.ts';
import { listRoleUsers, type RoleUserFilters } from './api/list-role-users.ts';
import { useRemoveRoleUsers } from './api/remove-role-users.ts';
import { ROLE_KEYS } from './api/role-keys.ts';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';

export interface RoleUsersTarget {
  id: string;
  roleName: string;
}

const USER_SEARCH = [
  { name: 'username', label: '账号' },
  { name: 'realname', label: '姓名' },
] as const;
const NORMAL_USERS = { status: '1' };
const loadUsers: RecordLoader<PickerUser> = (params) => loadUserList({ ...params });

export function RoleUsersDrawer({ role, onClose }: { role: RoleUsersTarget | null; onClose: () => void }) {
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Drawer
      title={role ? `角色用户 - ${role.roleName}` : '角色用户'}
      placement="right"
      size={phone ? '100%' : 860}
      open={role !== null}
      onClose={onClose}
      destroyOnHidden
      data-testid="role-users-drawer"
    >
      {role && <RoleUsersPanel role={role} phone={phone} />}
    </Drawer>
  );
}

function RoleUsersPanel({ role, phone }: { role: RoleUsersTarget; phone: boolean }) {
  const [form] = Form.useForm<RoleUserFilters>();
  const { message, modal } = useFeedback();
  const [picking, setPicking] = useState(false);
  const roleId = role.id;
  const load = useCallback((params: Parameters<typeof listRoleUsers>[1]) => listRoleUsers(roleId, params), [roleId]);
  const table = useServerTable<PickerUser, RoleUserFilters>({
    queryKey: ROLE_KEYS.users(roleId),
    load,
    selection: 'page',
    gcTime: 0,
  });

  const add = useFormSubmit({
    mutation: useAddRoleUsers(),
    onSuccess: (text) => void message.success(text || '添加成功！'),
  });
  const remove = useFormSubmit({
    mutation: useRemoveRoleUsers(),
    onSuccess: (text) => {
      void message.success(text || '取消关联成功');
      table.selection.clear();
    },
  });

  const removeTicked = () => {
    const userIds = [...table.selection.keys];
    if (userIds.length === 0) {
      void message.warning(LIST_PAGE_TEXT.selectOne);
      return;
    }
    modal.confirm({
      title: '确认取消关联',
      content: `是否取消选中的 ${userIds.length} 个用户与该角色的关联?`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => remove.submit({ roleId, userIds }),
    });
  };

  const unlink = (u: PickerUser) => (
    <Popconfirm title="确定取消该用户与角色的关联吗?" onConfirm={() => remove.submit({ roleId, userIds: [u.id] })}>
      <Button type="link" size="small" style={{ padding: 0 }} data-testid={`role-user-unlink-${u.id}`}>
        取消关联
      </Button>
    </Popconfirm>
  );

  const columns: TableColumnsType<PickerUser> = phone
    ? [
        {
          title: '用户',
          key: 'user',
          render: (_: unknown, u) => (
            <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="role-user-card">
              <Typography.Text strong>{`${u.realname} (${u.username})`}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[u.orgCodeTxt, u.status_dictText].filter(Boolean).join(' · ') || '-'}
              </Typography.Text>
            </Flex>
          ),
        },
        { title: '操作', key: 'actions', width: 84, render: (_: unknown, u) => unlink(u) },
      ]
    : [
        { title: '用户账号', dataIndex: 'username', width: 140 },
        { title: '用户姓名', dataIndex: 'realname', width: 120 },
        { title: '部门', dataIndex: 'orgCodeTxt', render: (v: string | null) => v || '-' },
        { title: '状态', dataIndex: 'status_dictText', width: 80, render: (v: string | null) => v || '-' },
        { title: '操作', key: 'actions', width: 100, render: (_: unknown, u) => unlink(u) },
      ];

  return (
    <>
      <SearchForm
        form={form}
        onSearch={table.searchProps.onSearch}
        onReset={table.searchProps.onReset}
        style={{ marginBottom: 16 }}
        data-testid="role-users-search"
      >
        <Form.Item label="账号" name="username">
          <Input placeholder="请输入账号" allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="姓名" name="realname">
          <Input placeholder="请输入姓名" allowClear style={{ width: 160 }} />
        </Form.Item>
      </SearchForm>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
          添加已有用户
        </Button>
        <Button disabled={table.selection.keys.length === 0} onClick={removeTicked}>
          批量取消关联
        </Button>
      </Space>
      {table.error ? (
        <LoadErrorAlert
          title="角色用户加载失败"
          error={table.error}
          onRetry={() => void table.refetch()}
          data-testid="role-users-error"
        />
      ) : null}
      <Table<PickerUser>
        rowKey="id"
        size="middle"
        columns={columns}
        {...table.tableProps}
        scroll={phone ? undefined : { x: 600 }}
        locale={{ emptyText: '该角色暂无用户' }}
        data-testid="role-users-table"
      />
      <RecordPickerModal<PickerUser>
        open={picking}
        title="添加已有用户"
        width={900}
        columns={USER_COLUMNS}
        load={loadUsers}
        rowKey="id"
        labelOf={userLabel}
        multiple
        sideList={!phone}
        searchFields={USER_SEARCH}
        fixedFilters={NORMAL_USERS}
        onOk={(rows) => {
          setPicking(false);
          void add.submit({ roleId, userIdList: rows.map((u) => u.id) });
        }}
        onCancel={() => setPicking(false)}
        data-testid="role-users-picker"
      />
    </>
  );
}
