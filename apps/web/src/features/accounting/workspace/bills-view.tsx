/** 单据: the documents made in the ledger in the period, with their voucher's number once posted. */
import { Tag, type TableColumnsType } from 'antd';
import type { BillRecord } from '@houtai/shared/contract/accounting';
import { useBillsTable } from './api/list-bills.ts';
import type { WorkspaceViewProps } from './view-props.ts';
import { PeriodFilter, WorkspaceTable, moneyColumn, textOrDash } from './workspace-parts.tsx';

const columns: TableColumnsType<BillRecord> = [
  { title: '单据编号', dataIndex: 'billNo', key: 'billNo', width: 150, fixed: 'left' },
  { title: '业务日期', dataIndex: 'bizDate', key: 'bizDate', width: 110 },
  { title: '结算组织', dataIndex: 'orgId_dictText', key: 'org', width: 180, ellipsis: true },
  { title: '业务来源', dataIndex: 'dataSource_dictText', key: 'source', width: 120, ellipsis: true },
  moneyColumn<BillRecord>('价税合计', 'amount'),
  moneyColumn<BillRecord>('税额', 'taxAmount', 110),
  moneyColumn<BillRecord>('不含税金额', 'netAmount'),
  { title: '往来单位', dataIndex: 'counterparty', key: 'counterparty', width: 160, ellipsis: true, render: textOrDash },
  { title: '摘要', dataIndex: 'summary', key: 'summary', minWidth: 200, ellipsis: true },
  {
    title: '凭证号',
    dataIndex: 'voucherNo',
    key: 'voucherNo',
    width: 110,
    render: (v: string | null) => v ?? <Tag>草稿</Tag>,
  },
  { title: '创建时间', dataIndex: 'createTime', key: 'createTime', width: 170, render: textOrDash },
];

export function BillsView({ ledgerId, period, onPeriodChange }: WorkspaceViewProps) {
  const table = useBillsTable({ ledgerId, period });
  return (
    <>
      <PeriodFilter period={period} onChange={onPeriodChange} />
      <WorkspaceTable<BillRecord>
        label="单据列表"
        columns={columns}
        errorTitle="单据加载失败"
        emptyText="所选期间没有单据"
        error={table.error}
        onRetry={() => void table.refetch()}
        tableProps={table.tableProps}
        data-testid="workspace-bills"
      />
    </>
  );
}
