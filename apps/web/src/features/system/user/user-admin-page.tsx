/**
 * 用户管理 (/isystem/user): the administrator's list of accounts with filters and 高级查询, 新增 / 编辑, and the
 * account steps — 密码, 冻结 / 解冻, 离职, 删除 — for one row or the ticked rows (批量操作). Buttons follow the
 * caller's permission codes; the server checks them again.
 */
import { useState } from 'react';
import {
  Avatar,
  Button,
  Dropdown,
  Flex,
  Form,
  Input,
  Select,
  Space,
  Tag,
  Typography,
  type MenuProps,
  type TableColumnsType,
} from 'antd';
import { DownOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { USER_STATUS } from '@houtai/shared/contract/admin-user';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { loadDictOptions } from '../../../lib/api/dict.ts';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { Authorized, useHasPermission } from '../../../lib/permissions/index.ts';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { resolveStaticUrl } from '../../../lib/static-url.ts';
import { DepartPicker } from '../../../widgets/depart-picker/depart-picker.tsx';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import type { SuperQueryField } from '../../../widgets/super-query/index.ts';
import { useUserBatch, type UserBatchAction } from './api/batch-users.ts';
import { DEPART_LOADERS, useRoleOptions } from './api/form-options.ts';
import { getUserForEdit, type UserForEdit } from './api/get-user.ts';
import { USER_EXPORT, USER_IMPORT_RULE, USER_IMPORT_TASK } from './api/import-export-users.ts';
import { USER_LIST_PATH, useUserTable, type UserFilters, type UserListRecord } from './api/list-users.ts';
import { USER_KEYS } from './api/user-keys.ts';
import { STATUS_COLOR, STATUS_OPTIONS, statusText } from './labels.ts';
import { PasswordDialog } from './password-dialog.tsx';
import { UserFormDialog } from './user-form-dialog.tsx';
import { UserRecycleDialog } from './user-recycle-dialog.tsx';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';

const P = ADMIN_PERMISSIONS.user;

/** 高级查询's fields: those the server's user registry lets a condition name (user.fields.ts, `filter: true`). */
const USER_QUERY_FIELDS: readonly SuperQueryField[] = [
  { title: '用户账号', field: 'username', type: 'string' },
  { title: '用户姓名', field: 'realname', type: 'string' },
  { title: '工号', field: 'workNo', type: 'string' },
  { title: '性别', field: 'sex', type: 'dict', dictCode: 'sex' },
  { title: '状态', field: 'status', type: 'dict', options: STATUS_OPTIONS },
  { title: '职务', field: 'post', type: 'dict', dictCode: 'sys_position,name,code' },
  { title: '创建人', field: 'createBy', type: 'string' },
];

const ACTION_LABEL: Readonly<Record<UserBatchAction, string>> = {
  freeze: '冻结',
  unfreeze: '解冻',
  resign: '离职',
  delete: '删除',
};

const ACTION_DONE: Readonly<Record<UserBatchAction, string>> = {
  freeze: '冻结成功!',
  unfreeze: '解冻成功!',
  resign: '离职成功!',
  delete: LIST_PAGE_TEXT.deleted,
};

/** The confirm of a step: one named user, or the ticked ones counted. */
export function confirmText(action: UserBatchAction, users: readonly Pick<UserListRecord, 'realname' | 'username'>[]) {
  const label = ACTION_LABEL[action];
  const [only] = users;
  if (users.length === 1 && only) {
    return action === 'delete'
      ? LIST_PAGE_TEXT.confirmDeleteOne
      : `确定${label}用户「${only.realname || only.username}」吗?`;
  }
  return action === 'delete' ? `确定要删除这 ${users.length} 项吗?` : `确定要${label}这 ${users.length} 个用户吗?`;
}

export function UserAdminPage() {
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<UserFilters>();
  const [editing, setEditing] = useState<{ source: UserForEdit | null } | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [password, setPassword] = useState<UserListRecord | null>(null);
  const [recycleOpen, setRecycleOpen] = useState(false);
  const can = {
    edit: useHasPermission(P.edit),
    freeze: useHasPermission(P.freeze),
    resign: useHasPermission(P.resign),
    delete: useHasPermission(P.delete),
    password: useHasPermission(P.password),
  };
  const list = useUserTable(can.freeze || can.resign || can.delete);
  const roles = useRoleOptions(true);
  const queryClient = useQueryClient();
  const { table } = list;
  const batch = useUserBatch();

  const openEditor = async (id: string | null) => {
    if (!id) {
      setEditing({ source: null });
      return;
    }
    setOpening(id);
    try {
      setEditing({ source: await getUserForEdit(id) });
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    } finally {
      setOpening(null);
    }
  };

  /** Asks, then runs the step on these users; the list reloads (the call invalidates it) and the ticks clear. */
  const run = (action: UserBatchAction, users: readonly UserListRecord[]) => {
    if (users.length === 0) {
      void message.warning(LIST_PAGE_TEXT.selectOne);
      return;
    }
    modal.confirm({
      title: `${ACTION_LABEL[action]}用户`,
      content: confirmText(action, users),
      okText: '确定',
      cancelText: '取消',
      okButtonProps: action === 'delete' ? { danger: true } : {},
      onOk: async () => {
        try {
          const text = await batch.mutateAsync({ action, ids: users.map((u) => u.id) });
          void message.success(text || ACTION_DONE[action]);
          table.selection.clear();
        } catch (e) {
          const text = failureText(e);
          if (text) void message.warning(text);
        }
      },
    });
  };

  const ticked = table.records.filter((r) => table.selection.keys.includes(r.id));
  const batchItems: MenuProps['items'] = [
    ...(can.freeze
      ? [
          { key: 'freeze', label: '冻结' },
          { key: 'unfreeze', label: '解冻' },
        ]
      : []),
    ...(can.resign ? [{ key: 'resign', label: '离职' }] : []),
    ...(can.delete ? [{ key: 'delete', label: '删除', danger: true }] : []),
  ];

  const moreItems = (r: UserListRecord): NonNullable<MenuProps['items']> => [
    ...(can.password ? [{ key: 'password', label: '密码' }] : []),
    ...(can.freeze
      ? [r.status === USER_STATUS.normal ? { key: 'freeze', label: '冻结' } : { key: 'unfreeze', label: '解冻' }]
      : []),
    ...(can.resign && r.status !== USER_STATUS.resigned ? [{ key: 'resign', label: '离职' }] : []),
    ...(can.delete ? [{ key: 'delete', label: '删除', danger: true }] : []),
  ];

  const onMore = (r: UserListRecord, key: string) => {
    if (key === 'password') setPassword(r);
    else run(key as UserBatchAction, [r]);
  };

  const actions = (r: UserListRecord, vertical: boolean) => {
    const style = vertical ? { padding: 0 } : { paddingInline: 4 };
    const more = moreItems(r);
    return (
      <Space size={4} wrap={false} orientation={vertical ? 'vertical' : 'horizontal'}>
        <Authorized action={P.edit}>
          <Button
            type="link"
            size="small"
            style={style}
            loading={opening === r.id}
            onClick={() => void openEditor(r.id)}
            data-testid={`user-edit-${r.id}`}
          >
            编辑
          </Button>
        </Authorized>
        {more.length > 0 && (
          <Dropdown trigger={['click']} menu={{ items: more, onClick: ({ key }) => onMore(r, key) }}>
            <Button type="link" size="small" style={style} data-testid={`user-more-${r.id}`}>
              更多 <DownOutlined aria-hidden />
            </Button>
          </Dropdown>
        )}
      </Space>
    );
  };

  const avatar = (r: UserListRecord, size: number) => (
    <Avatar
      size={size}
      src={r.avatar ? resolveStaticUrl(r.avatar) : undefined}
      alt={`${r.realname}的头像`}
      icon={<UserOutlined aria-hidden />}
    />
  );
  const statusTag = (r: UserListRecord) => (
    <Tag color={STATUS_COLOR[r.status]}>{statusText(r.status, r.status_dictText)}</Tag>
  );

  const columns: FitColumn<UserListRecord>[] = [
    { title: '用户账号', dataIndex: 'username', width: 140, ellipsis: true },
    { title: '用户姓名', dataIndex: 'realname', width: 110, ellipsis: true },
    { title: '头像', dataIndex: 'avatar', key: 'avatar', width: 72, render: (_: unknown, r) => avatar(r, 32) },
    { title: '性别', dataIndex: 'sex_dictText', width: 64, render: (v: string | null) => v || '-' },
    { title: '手机号', dataIndex: 'phone', width: 130, render: (v: string | null | undefined) => v || '-' },
    {
      title: '部门',
      dataIndex: 'orgCodeTxt',
      minWidth: 180,
      ellipsis: { showTitle: false },
      render: (v: string | null) => (v ? <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text> : '-'),
    },
    { title: '状态', dataIndex: 'status', width: 80, render: (_: unknown, r) => statusTag(r) },
    { title: '创建时间', dataIndex: 'createTime', width: 168, from: 'xl', render: (v: string | null) => v || '-' },
    { title: '操作', key: 'actions', width: 130, fixed: 'right', render: (_: unknown, r) => actions(r, false) },
  ];
  // A phone: one card per user — avatar, name and account, state, department and phone — with its steps beside it.
  const compactColumns: TableColumnsType<UserListRecord> = [
    {
      title: '用户',
      key: 'user',
      render: (_: unknown, r) => (
        <Flex gap={8} align="flex-start" style={{ minWidth: 0 }} data-testid="user-card">
          {avatar(r, 36)}
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Flex align="center" gap={4} wrap>
              <Typography.Text strong>{r.realname}</Typography.Text>
              {statusTag(r)}
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[r.username, r.sex_dictText, r.phone].filter(Boolean).join(' · ')}
            </Typography.Text>
            {r.orgCodeTxt ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.orgCodeTxt }}>
                {r.orgCodeTxt}
              </Typography.Text>
            ) : null}
          </Flex>
        </Flex>
      ),
    },
    { title: '操作', key: 'actions', width: 72, render: (_: unknown, r) => actions(r, true) },
  ];

  return (
    <>
      <ListPage<UserListRecord, UserFilters>
        page={list}
        listKey={USER_LIST_PATH}
        title="用户管理"
        search={
          <SearchForm
            form={form}
            name="user-search"
            onSearch={table.searchProps.onSearch}
            onReset={table.searchProps.onReset}
          >
            <Form.Item label="用户账号" name="username">
              <Input placeholder="请输入用户账号" allowClear style={{ width: 170 }} />
            </Form.Item>
            <Form.Item label="用户姓名" name="realname">
              <Input placeholder="请输入用户姓名" allowClear style={{ width: 170 }} />
            </Form.Item>
            <Form.Item label="手机号" name="phone">
              <Input placeholder="请输入手机号" allowClear style={{ width: 150 }} />
            </Form.Item>
            <Form.Item label="状态" name="status">
              <Select placeholder="请选择" allowClear options={STATUS_OPTIONS} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item label="部门" name="departId" style={{ minWidth: 240 }}>
              <DepartPicker loaders={DEPART_LOADERS} placeholder="请选择部门" />
            </Form.Item>
            <Form.Item label="角色" name="roleId">
              <Select
                placeholder="请选择角色"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={roles.isLoading}
                options={roles.data ?? []}
                style={{ width: 160 }}
                data-testid="user-search-role"
              />
            </Form.Item>
          </SearchForm>
        }
        toolbar={
          <>
            <Authorized action={P.add}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void openEditor(null)}>
                新增
              </Button>
            </Authorized>
            {batchItems.length > 0 && (
              <Dropdown
                trigger={['click']}
                disabled={ticked.length === 0}
                menu={{ items: batchItems, onClick: ({ key }) => run(key as UserBatchAction, ticked) }}
              >
                <Button loading={batch.isPending} data-testid="user-batch">
                  {ticked.length > 0 ? `批量操作（${ticked.length}）` : '批量操作'} <DownOutlined aria-hidden />
                </Button>
              </Dropdown>
            )}
            <Authorized action={P.delete}>
              <Button onClick={() => setRecycleOpen(true)} data-testid="user-recycle-open">
                回收站
              </Button>
            </Authorized>
          </>
        }
        superQuery={{ fields: USER_QUERY_FIELDS, loadOptions: loadDictOptions }}
        exportConfig={{ ...USER_EXPORT, permission: P.export }}
        importConfig={{ title: '导入用户', task: USER_IMPORT_TASK, rule: USER_IMPORT_RULE, permission: P.import }}
        onImported={() => void queryClient.invalidateQueries({ queryKey: USER_KEYS.all })}
        columns={columns}
        compactColumns={compactColumns}
        emptyText="暂无用户"
        errorTitle="用户列表加载失败"
        data-testid="user-admin-page"
        testIdPrefix="user"
      />
      <UserFormDialog open={editing !== null} source={editing?.source ?? null} onClose={() => setEditing(null)} />
      <PasswordDialog user={password} onClose={() => setPassword(null)} />
      <UserRecycleDialog open={recycleOpen} onClose={() => setRecycleOpen(false)} />
    </>
  );
}
