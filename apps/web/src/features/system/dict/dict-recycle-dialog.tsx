/**
 * 字典回收站 (数据字典's 回收站): the deleted dictionaries with who deleted them and when; 还原 brings the ticked
 * dictionaries (or one row's) back with their items, 彻底删除 removes them and their items for good — each after a
 * confirm that names the dictionary or counts them.
 */
import { useState } from 'react';
import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import { DICT_TEXT, type DictRecord } from '@houtai/shared/contract/dict-admin';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { useFeedback } from '../../../lib/feedback.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
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
import { useRecycleDicts, useRecycledDicts, type RecycleDicts } from './api/recycle-dicts.ts';

export const DICT_RECYCLE_EMPTY = RECYCLE_EMPTY;

const NOUNS: RecycleNouns = { noun: '字典', purgeWarning: '彻底删除后字典及其字典项无法恢复。' };

/** The confirm of a step: one named dictionary, or the ticked ones counted; 彻底删除 warns that it is final. */
export function dictRecycleConfirmText(step: RecycleStep, dicts: readonly Pick<DictRecord, 'dictName'>[]): string {
  return recycleStepText(
    step,
    dicts.map((d) => d.dictName),
    NOUNS,
  );
}

export interface DictRecycleDialogProps {
  open: boolean;
  onClose: () => void;
}

export function DictRecycleDialog({ open, onClose }: DictRecycleDialogProps) {
  return (
    <RecycleBinModal open={open} onClose={onClose} title="字典回收站" width={880} testId="dict-recycle-dialog">
      {({ phone, keepFocus }) => <DictRecycleBody phone={phone} keepFocus={keepFocus} />}
    </RecycleBinModal>
  );
}

function DictRecycleBody({ phone, keepFocus }: { phone: boolean; keepFocus: () => void }) {
  const { message } = useFeedback();
  const bin = useRecycledDicts(true);
  const [keys, setKeys] = useState<string[]>([]);
  const rows = bin.data ?? [];
  const recycle = useFormSubmit<RecycleDicts, RecycleDicts, string>({
    mutation: useRecycleDicts(),
    onSuccess: (text, input) => {
      void message.success(text || (input.action === 'restore' ? DICT_TEXT.restored : ADMIN_TEXT.deleted));
      setKeys([]);
      keepFocus();
    },
  });

  const confirm = useRecycleConfirm(NOUNS);
  const ask = (step: RecycleStep, dicts: readonly DictRecord[]) =>
    confirm(
      step,
      dicts.map((d) => d.dictName),
      () => recycle.submit({ action: step, ids: dicts.map((d) => d.id) }),
    );

  const ticked = rows.filter((r) => keys.includes(r.id));
  const rowActions = (d: DictRecord) => (
    <RecycleRowActions
      id={d.id}
      name={d.dictName}
      noun="字典"
      vertical={phone}
      onStep={(step) => ask(step, [d])}
      testId="dict-recycle"
    />
  );

  const columns: TableColumnsType<DictRecord> = phone
    ? [
        {
          title: '字典',
          key: 'dict',
          render: (_: unknown, d) => (
            <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="dict-recycle-card">
              <Typography.Text strong>{d.dictName}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {d.dictCode}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                删除：{deletedText(d)}
              </Typography.Text>
            </Flex>
          ),
        },
        { title: '操作', key: 'actions', width: 84, render: (_: unknown, d) => rowActions(d) },
      ]
    : [
        { title: '字典名称', dataIndex: 'dictName', ellipsis: true },
        { title: '字典编码', dataIndex: 'dictCode', width: 180, ellipsis: true },
        ...deletedColumns<DictRecord>(),
        { title: '操作', key: 'actions', width: 130, render: (_: unknown, d) => rowActions(d) },
      ];

  return (
    <>
      <RecycleToolbar
        ticked={ticked.length}
        busy={recycle.submitting}
        onStep={(step) => ask(step, ticked)}
        testId="dict-recycle"
      />
      {bin.error && !bin.isFetching ? (
        <LoadErrorAlert
          title="回收站加载失败"
          error={bin.error}
          onRetry={() => void bin.refetch()}
          data-testid="dict-recycle-error"
        />
      ) : null}
      <Table<DictRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={bin.isFetching}
        rowSelection={{ selectedRowKeys: keys, onChange: (k) => setKeys(k.map(String)) }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={phone ? undefined : { x: 700 }}
        locale={{ emptyText: DICT_RECYCLE_EMPTY }}
        data-testid="dict-recycle-table"
      />
    </>
  );
}
