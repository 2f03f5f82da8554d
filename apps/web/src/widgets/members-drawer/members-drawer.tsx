/**
 * The users linked to one record (a role's users, a settlement organisation's users …): a drawer with the linked
 * users searched by account and name, 添加 picks normal users with the user picker, and a row's or the ticked rows'
 * removal. The feature gives the loader, the two mutations (taking {ownerId, userIds}) and its texts; without
 * `canEdit` the list is read-only.
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
import type { QueryKey } from '@tanstack/react-query';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import type { PickerUser } from '@houtai/shared/contract/pickers-rules';
import { loadUserList } from '../../lib/api/pickers.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { useFocusKeeper } from '../../lib/focus-keeper.ts';
import { LoadErrorAlert } from '../../lib/load-error-alert.tsx';
import { useServerTable, type TablePage } from '../../lib/server-table/use-server-table.ts';
import type { TableParams } from '../../lib/server-table/table-state.ts';
import { useFormSubmit, type SubmitMutation } from '../../lib/use-form-submit.ts';
import { SearchForm } from '../list-page/search-form.tsx';
import { RecordPickerModal, type RecordLoader } from '../record-picker/record-picker-modal.tsx';
import { USER_COLUMNS, userLabel } from '../user-picker/user-list-picker.tsx';

/** The record whose users are shown. */
export interface MembersOwner {
  id: string;
  name: string;
}

/** What the add and remove mutations take. */
export interface MembersChange {
  ownerId: string;
  userIds: readonly string[];
}

export interface MemberFilters {
  username?: string;
  realname?: string;
}

export interface MembersDrawerTexts {
  /** The drawer's title; the owner's name follows after ' - '. */
  title: string;
  loadError: string;
  empty: string;
  add: string;
  /** A row's removal link, its confirmation, the success default. */
  remove: string;
  removeConfirm: string;
  removed: string;
  added: string;
  removeTicked: string;
  removeTickedTitle: string;
  removeTickedContent: (count: number) => string;
}

export interface MembersDrawerProps {
  owner: MembersOwner | null;
  onClose: () => void;
  texts: MembersDrawerTexts;
  /** Prefix of the test ids: `<p>-drawer`, `-search`, `-table`, `-error`, `-picker`, `-card`, `-remove-<userId>`. */
  testId: string;
  queryKey: (ownerId: string) => QueryKey;
  load: (ownerId: string, params: TableParams<MemberFilters>) => Promise<TablePage<PickerUser>>;
  add: SubmitMutation<MembersChange, string>;
  remove: SubmitMutation<MembersChange, string>;
  /** Default true. */
  canEdit?: boolean;
}

const USER_SEARCH = [
  { name: 'username', label: '账号' },
  { name: 'realname', label: '姓名' },
] as const;
const NORMAL_USERS = { status: '1' };
const loadUsers: RecordLoader<PickerUser> = (params) => loadUserList({ ...params });

export function MembersDrawer(props: MembersDrawerProps) {
  const { owner, onClose, texts, testId } = props;
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Drawer
      title={owner ? `${texts.title} - ${owner.name}` : texts.title}
      placement="right"
      size={phone ? '100%' : 860}
      open={owner !== null}
      onClose={onClose}
      destroyOnHidden
      data-testid={`${testId}-drawer`}
    >
      {owner && <MembersPanel {...props} owner={owner} phone={phone} />}
    </Drawer>
  );
}

function MembersPanel({
  owner,
  phone,
  texts,
  testId,
  queryKey,
  load,
  add,
  remove,
  canEdit = true,
}: MembersDrawerProps & { owner: MembersOwner; phone: boolean }) {
  const [form] = Form.useForm<MemberFilters>();
  const { message, modal } = useFeedback();
  const { anchorRef, keep: keepFocus } = useFocusKeeper();
  const [picking, setPicking] = useState(false);
  const ownerId = owner.id;
  const loadPage = useCallback((params: TableParams<MemberFilters>) => load(ownerId, params), [load, ownerId]);
  const table = useServerTable<PickerUser, MemberFilters>({
    queryKey: queryKey(ownerId),
    load: loadPage,
    selection: canEdit ? 'page' : undefined,
    gcTime: 0,
  });

  const adding = useFormSubmit({ mutation: add, onSuccess: (text) => void message.success(text || texts.added) });
  const removing = useFormSubmit({
    mutation: remove,
    onSuccess: (text) => {
      void message.success(text || texts.removed);
      table.selection.clear();
      // The row whose 移除 had focus is gone: keep the keyboard in the drawer (Escape still closes it).
      keepFocus();
    },
  });

  const removeTicked = () => {
    const userIds = [...table.selection.keys];
    if (userIds.length === 0) {
      void message.warning(LIST_PAGE_TEXT.selectOne);
      return;
    }
    modal.confirm({
      title: texts.removeTickedTitle,
      content: texts.removeTickedContent(userIds.length),
      okText: '确定',
      cancelText: '取消',
      onOk: () => removing.submit({ ownerId, userIds }),
    });
  };

  const actions: TableColumnsType<PickerUser> = canEdit
    ? [
        {
          title: '操作',
          key: 'actions',
          width: phone ? 84 : 100,
          render: (_: unknown, u) => (
            <Popconfirm title={texts.removeConfirm} onConfirm={() => removing.submit({ ownerId, userIds: [u.id] })}>
              <Button type="link" size="small" style={{ padding: 0 }} data-testid={`${testId}-remove-${u.id}`}>
                {texts.remove}
              </Button>
            </Popconfirm>
          ),
        },
      ]
    : [];

  const columns: TableColumnsType<PickerUser> = phone
    ? [
        {
          title: '用户',
          key: 'user',
          render: (_: unknown, u) => (
            <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid={`${testId}-card`}>
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
    <div ref={anchorRef} tabIndex={-1} style={{ outline: 'none' }}>
      <SearchForm
        form={form}
        onSearch={table.searchProps.onSearch}
        onReset={table.searchProps.onReset}
        style={{ marginBottom: 16 }}
        data-testid={`${testId}-search`}
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
            {texts.add}
          </Button>
          <Button disabled={table.selection.keys.length === 0} onClick={removeTicked}>
            {texts.removeTicked}
          </Button>
        </Space>
      ) : null}
      {table.error ? (
        <LoadErrorAlert
          title={texts.loadError}
          error={table.error}
          onRetry={() => void table.refetch()}
          data-testid={`${testId}-error`}
        />
      ) : null}
      <Table<PickerUser>
        rowKey="id"
        size="middle"
        columns={columns}
        {...table.tableProps}
        scroll={phone ? undefined : { x: 600 }}
        locale={{ emptyText: texts.empty }}
        data-testid={`${testId}-table`}
      />
      {canEdit ? (
        <RecordPickerModal<PickerUser>
          open={picking}
          title={texts.add}
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
            if (rows.length > 0) void adding.submit({ ownerId, userIds: rows.map((u) => u.id) });
          }}
          onCancel={() => setPicking(false)}
          data-testid={`${testId}-picker`}
        />
      ) : null}
    </div>
  );
}
