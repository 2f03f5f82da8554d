/**
 * 用户回收站 (用户管理's 回收站): the deleted accounts, a page at a time, with who deleted them and when; 还原 brings
 * the ticked accounts (or one row's) back with their status, 彻底删除 removes them for good — each after a confirm
 * that names the account or counts them. The server refuses a restore whose phone, e-mail or work number a live
 * account now holds; its message is shown as it is.
 */
import { Button, Flex, Grid, Modal, Space, Table, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { USER_RECYCLE_TEXT } from '@houtai/shared/contract/admin-user-recycle';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { useFeedback } from '../../../lib/feedback.ts';
import { useFocusKeeper } from '../../../lib/focus-keeper.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { useServerTable } from '../../../lib/server-table/use-server-table.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import {
  USER_RECYCLE_KEY,
  listRecycledUsers,
  useRecycleUsers,
  type RecycleAction,
  type RecycleUsers,
  type UserRecycleRecord,
} from './api/recycle-users.ts';
import { statusText } from './labels.ts';

export const USER_RECYCLE_EMPTY = '回收站为空';

const ACTION_LABEL: Readonly<Record<RecycleAction, string>> = { restore: '还原', purge: '彻底删除' };

/** The confirm of a step: one named account, or the ticked ones counted; 彻底删除 warns that it is final. */
export function recycleConfirmText(
  action: RecycleAction,
  users: readonly Pick<UserRecycleRecord, 'realname' | 'username'>[],
): string {
  const [only] = users;
  const what =
    users.length === 1 && only
      ? `确定${ACTION_LABEL[action]}用户「${only.realname || only.username}」吗?`
      : `确定要${ACTION_LABEL[action]}选中的 ${users.length} 个用户吗?`;
  return action === 'purge' ? `${what}彻底删除后无法恢复。` : what;
}

export interface UserRecycleDialogProps {
  open: boolean;
  onClose: () => void;
}

export function UserRecycleDialog({ open, onClose }: UserRecycleDialogProps) {
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Modal
      title="用户回收站"
      open={open}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      width={phone ? '100%' : 960}
      destroyOnHidden
      data-testid="user-recycle-dialog"
    >
      {/* Mounted per opening: page 1, nothing ticked. */}
      {open && <UserRecycleBody phone={phone} />}
    </Modal>
  );
}

function UserRecycleBody({ phone }: { phone: boolean }) {
  const { message, modal } = useFeedback();
  const { anchorRef, keep: keepFocus } = useFocusKeeper();
  const table = useServerTable<UserRecycleRecord>({
    queryKey: USER_RECYCLE_KEY,
    load: listRecycledUsers,
    selection: 'page',
    gcTime: 0,
  });
  const recycle = useFormSubmit<RecycleUsers, RecycleUsers, string>({
    mutation: useRecycleUsers(),
    onSuccess: (text, input) => {
      void message.success(
        text || (input.action === 'restore' ? USER_RECYCLE_TEXT.restored : USER_RECYCLE_TEXT.purged),
      );
      table.selection.clear();
      // The row whose button had focus is gone: keep the keyboard in the dialog (Escape still closes it).
      keepFocus();
    },
  });

  const ask = (action: RecycleAction, users: readonly UserRecycleRecord[]) => {
    if (users.length === 0) {
      void message.warning(LIST_PAGE_TEXT.selectOne);
      return;
    }
    modal.confirm({
      title: action === 'restore' ? '确认还原' : '确认彻底删除',
      content: recycleConfirmText(action, users),
      okText: '确定',
      cancelText: '取消',
      okButtonProps: action === 'purge' ? { danger: true } : undefined,
      onOk: () => recycle.submit({ action, ids: users.map((u) => u.id) }),
    });
  };

  const ticked = table.records.filter((r) => table.selection.keys.includes(r.id));
  const busy = recycle.submitting;

  const rowActions = (u: UserRecycleRecord) => (
    <Space size={4} orientation={phone ? 'vertical' : 'horizontal'}>
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        onClick={() => ask('restore', [u])}
        aria-label={`还原用户 ${u.realname || u.username}`}
        data-testid={`user-recycle-restore-${u.id}`}
      >
        还原
      </Button>
      <Button
        type="link"
        size="small"
        danger
        style={{ padding: 0 }}
        onClick={() => ask('purge', [u])}
        aria-label={`彻底删除用户 ${u.realname || u.username}`}
        data-testid={`user-recycle-purge-${u.id}`}
      >
        彻底删除
      </Button>
    </Space>
  );

  const deleted = (u: UserRecycleRecord) => [u.updateBy, u.updateTime].filter(Boolean).join(' · ') || '-';

  const columns: TableColumnsType<UserRecycleRecord> = phone
    ? [
        {
          title: '用户',
          key: 'user',
          render: (_: unknown, u) => (
            <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="user-recycle-card">
              <Typography.Text strong>{`${u.realname} (${u.username})`}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[u.orgCodeTxt, statusText(u.status, u.status_dictText)].filter(Boolean).join(' · ') || '-'}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                删除：{deleted(u)}
              </Typography.Text>
            </Flex>
          ),
        },
        { title: '操作', key: 'actions', width: 84, render: (_: unknown, u) => rowActions(u) },
      ]
    : [
        { title: '用户账号', dataIndex: 'username', width: 130, ellipsis: true },
        { title: '用户姓名', dataIndex: 'realname', width: 110, ellipsis: true },
        {
          title: '部门',
          dataIndex: 'orgCodeTxt',
          ellipsis: true,
          render: (v: string | null) => v || '-',
        },
        {
          title: '状态',
          dataIndex: 'status',
          width: 72,
          render: (_: unknown, u) => statusText(u.status, u.status_dictText),
        },
        { title: '删除人', dataIndex: 'updateBy', width: 100, render: (v: string | null) => v || '-' },
        { title: '删除时间', dataIndex: 'updateTime', width: 168, render: (v: string | null) => v || '-' },
        { title: '操作', key: 'actions', width: 130, render: (_: unknown, u) => rowActions(u) },
      ];

  return (
    <div ref={anchorRef} tabIndex={-1} style={{ outline: 'none' }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<UndoOutlined aria-hidden />}
          disabled={ticked.length === 0}
          loading={busy}
          onClick={() => ask('restore', ticked)}
          data-testid="user-recycle-restore"
        >
          {ticked.length > 0 ? `还原（${ticked.length}）` : '还原'}
        </Button>
        <Button
          danger
          icon={<DeleteOutlined aria-hidden />}
          disabled={ticked.length === 0}
          loading={busy}
          onClick={() => ask('purge', ticked)}
          data-testid="user-recycle-purge"
        >
          {ticked.length > 0 ? `彻底删除（${ticked.length}）` : '彻底删除'}
        </Button>
      </Space>
      {table.error ? (
        <LoadErrorAlert
          title="回收站加载失败"
          error={table.error}
          onRetry={() => void table.refetch()}
          data-testid="user-recycle-error"
        />
      ) : null}
      <Table<UserRecycleRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        {...table.tableProps}
        scroll={phone ? undefined : { x: 800 }}
        locale={{ emptyText: USER_RECYCLE_EMPTY }}
        data-testid="user-recycle-table"
      />
    </div>
  );
}
