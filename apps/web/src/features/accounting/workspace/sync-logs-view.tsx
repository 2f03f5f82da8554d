/** 同步日志: each synchronisation into the ledger in the period — how many vouchers, their numbers, the outcome. */
import { Tag, type TableColumnsType } from 'antd';
import type { SyncLogRecord } from '@houtai/shared/contract/accounting';
import { useSyncLogsTable } from './api/list-sync-logs.ts';
import type { WorkspaceViewProps } from './view-props.ts';
import { PeriodFilter, WorkspaceTable, moneyColumn, textOrDash } from './workspace-parts.tsx';

const numbers = (r: SyncLogRecord): string =>
  r.firstNo && r.lastNo ? (r.firstNo === r.lastNo ? r.firstNo : `${r.firstNo} ~ ${r.lastNo}`) : '-';

const columns: TableColumnsType<SyncLogRecord> = [
  { title: '同步时间', dataIndex: 'createTime', key: 'createTime', width: 170, render: textOrDash },
  { title: '会计期间', dataIndex: 'period', key: 'period', width: 100 },
  { title: '业务来源', dataIndex: 'dataSource_dictText', key: 'source', width: 120, ellipsis: true },
  {
    title: '状态',
    dataIndex: 'status',
    key: 'status',
    width: 80,
    render: (_: unknown, r) => (
      <Tag color={r.status === '1' ? 'green' : 'red'}>{r.status_dictText || (r.status === '1' ? '成功' : '失败')}</Tag>
    ),
  },
  { title: '凭证数', dataIndex: 'voucherCount', key: 'voucherCount', width: 80, align: 'right' },
  { title: '凭证号', key: 'numbers', width: 170, render: (_: unknown, r) => numbers(r) },
  moneyColumn<SyncLogRecord>('借方合计', 'debitTotal'),
  moneyColumn<SyncLogRecord>('贷方合计', 'creditTotal'),
  { title: '说明', dataIndex: 'message', key: 'message', minWidth: 220, ellipsis: true, render: textOrDash },
  { title: '操作人', dataIndex: 'createBy', key: 'createBy', width: 100, render: textOrDash },
];

export function SyncLogsView({ ledgerId, period, onPeriodChange }: WorkspaceViewProps) {
  const table = useSyncLogsTable({ ledgerId, period });
  return (
    <>
      <PeriodFilter period={period} onChange={onPeriodChange} />
      <WorkspaceTable<SyncLogRecord>
        label="同步日志列表"
        columns={columns}
        errorTitle="同步日志加载失败"
        emptyText="所选期间没有同步记录"
        error={table.error}
        onRetry={() => void table.refetch()}
        tableProps={table.tableProps}
        data-testid="workspace-sync-logs"
      />
    </>
  );
}
