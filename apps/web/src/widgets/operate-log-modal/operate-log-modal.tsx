/**
 * The operate-log dialog 操作日志 (spec 000 §9: page size 10, sizes 10–100, operateTime descending).
 * It never fetches on its own: the caller passes `loader`, which gets the page (and `relateId` when
 * given) and asks for operateTime descending itself. Keep the loader stable: it keys the dialog's pages.
 */
import { LoadErrorAlert } from '../../lib/load-error-alert.tsx';
import { Modal, Table, type TableColumnsType } from 'antd';
import { useServerTable } from '../../lib/server-table/use-server-table.ts';

export interface OperateLogRow {
  id: string;
  /** 'realname(username)' */
  user: string;
  /** 'yyyy-MM-dd HH:mm:ss' */
  operateTime: string;
  operateType?: string;
  operateType_dictText: string;
  content: string;
  relateId: string | null;
}

export interface OperateLogParams {
  pageNo: number;
  pageSize: number;
  relateId?: string;
}

export interface OperateLogPage {
  records: OperateLogRow[];
  total: number;
}

export type OperateLogLoader = (params: OperateLogParams) => Promise<OperateLogPage>;

export interface OperateLogModalProps {
  open: boolean;
  onClose: () => void;
  /** Only the operations on this record. */
  relateId?: string;
  loader: OperateLogLoader;
}

const COLUMNS: TableColumnsType<OperateLogRow> = [
  { title: '操作人', dataIndex: 'user', width: 160, ellipsis: true },
  { title: '操作时间', dataIndex: 'operateTime', width: 170 },
  { title: '操作类型', dataIndex: 'operateType_dictText', width: 90 },
  { title: '操作内容', dataIndex: 'content', ellipsis: true },
  { title: '关联ID', dataIndex: 'relateId', width: 180, ellipsis: true, render: (v: string | null) => v || '-' },
];

export function OperateLogModal({ open, onClose, relateId, loader }: OperateLogModalProps) {
  return (
    <Modal title="操作日志" open={open} onCancel={onClose} footer={null} width={1000} destroyOnHidden>
      {/* The content is mounted per opening (destroyOnHidden), so every opening starts on page 1. */}
      <OperateLogTable key={relateId ?? ''} loader={loader} relateId={relateId} />
    </Modal>
  );
}

function OperateLogTable({ loader, relateId }: Pick<OperateLogModalProps, 'loader' | 'relateId'>) {
  const table = useServerTable<OperateLogRow, { relateId?: string | undefined }>({
    load: loader,
    initialFilters: { relateId },
    // Every opening loads afresh: nothing is kept once the dialog closes.
    gcTime: 0,
  });

  return (
    <div data-testid="operate-log">
      {table.error ? (
        <LoadErrorAlert title="操作日志加载失败" error={table.error} onRetry={() => void table.refetch()} />
      ) : null}
      <Table<OperateLogRow> {...table.tableProps} rowKey="id" size="middle" columns={COLUMNS} scroll={{ x: 800 }} />
    </div>
  );
}
