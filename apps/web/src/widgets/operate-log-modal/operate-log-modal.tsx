/**
 * The operate-log dialog 操作日志 (spec 000 §9: page size 10, sizes 10–100, operateTime descending).
 * It never fetches on its own: the caller passes `loader`, which gets the page (and `relateId` when
 * given) and asks for operateTime descending itself.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Modal, Table, type TableColumnsType } from 'antd';

export const OPERATE_LOG_PAGE_SIZE = 10;
export const OPERATE_LOG_PAGE_SIZES = ['10', '20', '30', '50', '100'];

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

interface Paging {
  pageNo: number;
  pageSize: number;
}

interface LoadResult {
  /** Which request this answers (page, size, attempt). */
  key: string;
  page: OperateLogPage | null;
  error: string | null;
}

export function OperateLogModal({ open, onClose, relateId, loader }: OperateLogModalProps) {
  return (
    <Modal title="操作日志" open={open} onCancel={onClose} footer={null} width={1000} destroyOnHidden>
      {/* The content is mounted per opening (destroyOnHidden), so every opening starts on page 1. */}
      <OperateLogTable key={relateId ?? ''} loader={loader} relateId={relateId} />
    </Modal>
  );
}

function OperateLogTable({ loader, relateId }: Pick<OperateLogModalProps, 'loader' | 'relateId'>) {
  const [paging, setPaging] = useState<Paging>({ pageNo: 1, pageSize: OPERATE_LOG_PAGE_SIZE });
  // Bumped by 重试 to load the same page again.
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<LoadResult | null>(null);
  const requestKey = `${paging.pageNo}/${paging.pageSize}/${attempt}`;

  useEffect(() => {
    let current = true;
    loader({ pageNo: paging.pageNo, pageSize: paging.pageSize, ...(relateId ? { relateId } : {}) }).then(
      (page) => {
        if (current) setResult({ key: requestKey, page, error: null });
      },
      (e: unknown) => {
        const error = e instanceof Error && e.message ? e.message : '加载失败';
        if (current) setResult({ key: requestKey, page: null, error });
      },
    );
    // A later page or a closed dialog makes an answer still on its way stale.
    return () => {
      current = false;
    };
  }, [loader, relateId, paging, requestKey]);

  // Until the answer for this request arrives, the previous page stays on screen under the spinner.
  const loading = result?.key !== requestKey;
  const error = loading ? null : (result?.error ?? null);
  const page = result?.page ?? null;

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <div data-testid="operate-log">
      {error ? (
        <Alert
          type="error"
          showIcon
          title="操作日志加载失败"
          description={error}
          action={
            <Button size="small" onClick={retry}>
              重试
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Table<OperateLogRow>
        rowKey="id"
        size="middle"
        columns={COLUMNS}
        dataSource={page?.records ?? []}
        loading={loading}
        scroll={{ x: 800 }}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: page?.total ?? 0,
          pageSizeOptions: OPERATE_LOG_PAGE_SIZES,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
        }}
        onChange={(p) =>
          setPaging((old) => {
            const pageSize = p.pageSize ?? old.pageSize;
            // A new page size starts again on the first page.
            return { pageNo: pageSize === old.pageSize ? (p.current ?? 1) : 1, pageSize };
          })
        }
      />
    </div>
  );
}
