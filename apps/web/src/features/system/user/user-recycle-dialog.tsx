/**
 * 用户回收站 (用户管理's 回收站): the deleted accounts, a page at a time, with who deleted them and when; 还原 brings
 * the ticked accounts (or one row's) back with their status, 彻底删除 removes them for good — each after a confirm
 * that names the account or counts them. The server refuses a restore whose phone, e-mail or work number a live
 * account now holds; its message is shown as it is.
 */
import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import { USER_RECYCLE_TEXT } from '@houtai/shared/contract/admin-user-recycle';
import { useFeedback } from '../../../lib/feedback.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { useServerTable } from '../../../lib/server-table/use-server-table.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import {
  RECYCLE_EMPTY,
  deletedColumns,
  deletedText,
  RecycleBinModal,
  RecycleRowActions,
  RecycleToolbar,
  recycleStepText,
  useRecycleConfirm,
  type RecycleNouns,
  type RecycleStep,
} from '../../../widgets/recycle-bin/recycle-bin-parts.tsx';
import {
  USER_RECYCLE_KEY,
  listRecycledUsers,
  useRecycleUsers,
  type RecycleUsers,
  type UserRecycleRecord,
} from './api/recycle-users.ts';
import { statusText } from './labels.ts';

export const USER_RECYCLE_EMPTY = RECYCLE_EMPTY;

const NOUNS: RecycleNouns = { noun: '用户', purgeWarning: '彻底删除后无法恢复。' };
const nameOf = (u: Pick<UserRecycleRecord, 'realname' | 'username'>) => u.realname || u.username;

/** The confirm of a step: one named account, or the ticked ones counted; 彻底删除 warns that it is final. */
export function recycleConfirmText(
  step: RecycleStep,
  users: readonly Pick<UserRecycleRecord, 'realname' | 'username'>[],
): string {
  return recycleStepText(step, users.map(nameOf), NOUNS);
}

export interface UserRecycleDialogProps {
  open: boolean;
  onClose: () => void;
}

export function UserRecycleDialog({ open, onClose }: UserRecycleDialogProps) {
  return (
    <RecycleBinModal open={open} onClose={onClose} title="用户回收站" width={960} testId="user-recycle-dialog">
      {({ phone, keepFocus }) => <UserRecycleBody phone={phone} keepFocus={keepFocus} />}
    </RecycleBinModal>
  );
}

function UserRecycleBody({ phone, keepFocus }: { phone: boolean; keepFocus: () => void }) {
  const { message } = useFeedback();
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
      keepFocus();
    },
  });

  const confirm = useRecycleConfirm(NOUNS);
  const ask = (step: RecycleStep, users: readonly UserRecycleRecord[]) =>
    confirm(step, users.map(nameOf), () => recycle.submit({ action: step, ids: users.map((u) => u.id) }));

  const ticked = table.records.filter((r) => table.selection.keys.includes(r.id));
  const rowActions = (u: UserRecycleRecord) => (
    <RecycleRowActions
      id={u.id}
      name={nameOf(u)}
      noun="用户"
      vertical={phone}
      onStep={(step) => ask(step, [u])}
      testId="user-recycle"
    />
  );

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
                删除：{deletedText(u)}
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
        ...deletedColumns<UserRecycleRecord>(),
        { title: '操作', key: 'actions', width: 130, render: (_: unknown, u) => rowActions(u) },
      ];

  return (
    <>
      <RecycleToolbar
        ticked={ticked.length}
        busy={recycle.submitting}
        onStep={(step) => ask(step, ticked)}
        testId="user-recycle"
      />
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
        locale={{ emptyText: RECYCLE_EMPTY }}
        data-testid="user-recycle-table"
      />
    </>
  );
}
