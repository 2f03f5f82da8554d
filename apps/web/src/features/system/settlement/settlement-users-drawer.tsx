/**
 * 用户 of a settlement organisation (结算组织): the users linked to it, searched by account and name; 添加用户 picks
 * normal users with the user picker; 移除 unlinks one user or the ticked ones. An organisation with users cannot be
 * deleted (the server says so), so this is where they are taken off first.
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
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import type { PickerUser } from '@houtai/shared/contract/pickers-rules';
import { loadUserList } from '../../../lib/api/pickers.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { useHasPermission } from '../../../lib/permissions/index.ts';
import { useServerTable } from '../../../lib/server-table/use-server-table.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';
import { RecordPickerModal, type RecordLoader } from '../../../widgets/record-picker/record-picker-modal.tsx';
import { USER_COLUMNS, userLabel } from '../../../widgets/user-picker/user-list-picker.tsx';
import { SETTLEMENT_KEYS } from './api/settlement-keys.ts';
import {
  listSettlementUsers,
  useAddSettlementUsers,
  useRemoveSettlementUsers,
  type SettlementUserFilters,
} from './api/settlement-users.ts';

export interface SettlementUsersTarget {
  id: string;
  name: string;
}

const USER_SEARCH = [
  { name: 'username', label: '账号' },
  { name: 'realname', label: '姓名' },
] as const;
const NORMAL_USERS = { status: '1' };
const loadUsers: RecordLoader<PickerUser> = (params) => loadUserList({ ...params });

export function SettlementUsersDrawer({ org, onClose }: { org: SettlementUsersTarget | null; onClose: () => void }) {
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Drawer
      title={org ? `结算组织用户 - ${org.name}` : '结算组织用户'}
      placement="right"
      size={phone ? '100%' : 860}
      open={org !== null}
      onClose={onClose}
      destroyOnHidden
      data-testid="settlement-users-drawer"
    >
      {org && <SettlementUsersPanel org={org} phone={phone} />}
    </Drawer>
  );
}

function SettlementUsersPanel({ org, phone }: { org: SettlementUsersTarget; phone: boolean }) {
  const [form] = Form.useForm<SettlementUserFilters>();
  const { message, modal } = useFeedback();
  const [picking, setPicking] = useState(false);
  const canEdit = useHasPermission(ADMIN_PERMISSIONS.settlement.edit);
  const settlementOrgId = org.id;
  const load = useCallback(
    (params: Parameters<typeof listSettlementUsers>[1]) => listSettlementUsers(settlementOrgId, params),
    [settlementOrgId],
  );
  const table = useServerTable<PickerUser, SettlementUserFilters>({
    queryKey: SETTLEMENT_KEYS.users(settlementOrgId),
    load,
    selection: canEdit ? 'page' : undefined,
    gcTime: 0,
  });

  const add = useFormSubmit({
    mutation: useAddSettlementUsers(),
    onSuccess: (text) => void message.success(text || '添加成功！'),
  });
  const remove = useFormSubmit({
    mutation: useRemoveSettlementUsers(),
    onSuccess: (text) => {
      void message.success(text || '移除成功');
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
      title: '确认移除',
      content: `是否将选中的 ${userIds.length} 个用户移出该结算组织?`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => remove.submit({ settlementOrgId, userIds }),
    });
  };

  const unlink = (u: PickerUser) =>
    canEdit ? (
      <Popconfirm
        title="确定将该用户移出结算组织吗?"
        onConfirm={() => remove.submit({ settlementOrgId, userIds: [u.id] })}
      >
        <Button type="link" size="small" style={{ padding: 0 }} data-testid={`settlement-user-remove-${u.id}`}>
          移除
        </Button>
      </Popconfirm>
    ) : null;

  const actions: TableColumnsType<PickerUser> = canEdit
    ? [{ title: '操作', key: 'actions', width: phone ? 64 : 90, render: (_: unknown, u) => unlink(u) }]
    : [];
  const columns: TableColumnsType<PickerUser> = phone
    ? [
        {
          title: '用户',
          key: 'user',
          render: (_: unknown, u) => (
            <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="settlement-user-card">
              <Typography.Text strong>{`${u.realname} (${u.username})`}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[u.orgCodeTxt, u.status_dictText].filter(Boolean).join(' · ') || '-'}
              </Typography.Text>
            </Flex>
          ),
        },
        ...actions,
      ]
    : [
        { title: '用户账号', dataIndex: 'username', width: 140 },
        { title: '用户姓名', dataIndex: 'realname', width: 120 },
        { title: '部门', dataIndex: 'orgCodeTxt', render: (v: string | null) => v || '-' },
        { title: '状态', dataIndex: 'status_dictText', width: 80, render: (v: string | null) => v || '-' },
        ...actions,
      ];

  return (
    <>
      <SearchForm
        form={form}
        onSearch={table.searchProps.onSearch}
        onReset={table.searchProps.onReset}
        style={{ marginBottom: 16 }}
        data-testid="settlement-users-search"
      >
        <Form.Item label="账号" name="username">
          <Input placeholder="请输入账号" allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="姓名" name="realname">
          <Input placeholder="请输入姓名" allowClear style={{ width: 160 }} />
        </Form.Item>
      </SearchForm>
      {canEdit ? (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
            添加用户
          </Button>
          <Button disabled={table.selection.keys.length === 0} onClick={removeTicked}>
            批量移除
          </Button>
        </Space>
      ) : null}
      {table.error ? (
        <LoadErrorAlert
          title="结算组织用户加载失败"
          error={table.error}
          onRetry={() => void table.refetch()}
          data-testid="settlement-users-error"
        />
      ) : null}
      <Table<PickerUser>
        rowKey="id"
        size="middle"
        columns={columns}
        {...table.tableProps}
        scroll={phone ? undefined : { x: 600 }}
        locale={{ emptyText: '该结算组织暂无用户' }}
        data-testid="settlement-users-table"
      />
      <RecordPickerModal<PickerUser>
        open={picking}
        title="添加用户"
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
          if (rows.length > 0) void add.submit({ settlementOrgId, userIds: rows.map((u) => u.id) });
        }}
        onCancel={() => setPicking(false)}
        data-testid="settlement-users-picker"
      />
    </>
  );
}
