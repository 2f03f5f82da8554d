/**
 * 凭证: the vouchers of the ledger in the period — drafts (no number yet) and posted ones (记-0001 …). Expanding a
 * row loads its lines (分录) with the voucher's totals beneath.
 */
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { VoucherLine, VoucherRecord } from '@houtai/shared/contract/accounting';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { useVoucherLines, useVouchersTable } from './api/list-vouchers.ts';
import type { WorkspaceViewProps } from './view-props.ts';
import { PeriodFilter, WorkspaceTable, moneyColumn, moneyText, textOrDash } from './workspace-parts.tsx';

function StatusTag({ r }: { r: VoucherRecord }) {
  return (
    <Tag color={r.status === '1' ? 'green' : 'orange'}>
      {r.status_dictText || (r.status === '1' ? '已过账' : '草稿')}
    </Tag>
  );
}

const columns: TableColumnsType<VoucherRecord> = [
  {
    title: '凭证号',
    dataIndex: 'voucherNo',
    key: 'voucherNo',
    width: 110,
    render: (v: string | null) => v ?? <Typography.Text type="secondary">未编号</Typography.Text>,
  },
  { title: '状态', dataIndex: 'status', key: 'status', width: 90, render: (_: unknown, r) => <StatusTag r={r} /> },
  { title: '业务日期', dataIndex: 'bizDate', key: 'bizDate', width: 110 },
  { title: '单据编号', dataIndex: 'billNo', key: 'billNo', width: 150 },
  { title: '业务来源', dataIndex: 'dataSource_dictText', key: 'source', width: 120, ellipsis: true },
  { title: '摘要', dataIndex: 'summary', key: 'summary', minWidth: 200, ellipsis: true },
  moneyColumn<VoucherRecord>('借方金额', 'debitTotal'),
  moneyColumn<VoucherRecord>('贷方金额', 'creditTotal'),
  { title: '过账人', dataIndex: 'postBy', key: 'postBy', width: 100, render: textOrDash },
  { title: '过账时间', dataIndex: 'postTime', key: 'postTime', width: 170, render: textOrDash },
];

const lineColumns: TableColumnsType<VoucherLine> = [
  { title: '行号', dataIndex: 'lineNo', key: 'lineNo', width: 64, align: 'right' },
  { title: '摘要', dataIndex: 'summary', key: 'summary', minWidth: 180, ellipsis: true },
  {
    title: '会计科目',
    key: 'subject',
    width: 220,
    render: (_: unknown, l) => `${l.subjectCode} ${l.subjectName}`,
  },
  moneyColumn<VoucherLine>('借方金额', 'debit'),
  moneyColumn<VoucherLine>('贷方金额', 'credit'),
];

function VoucherLines({ voucher }: { voucher: VoucherRecord }) {
  const lines = useVoucherLines(voucher.id);
  if (lines.error) {
    return <LoadErrorAlert title="凭证分录加载失败" error={lines.error} onRetry={() => void lines.refetch()} />;
  }
  return (
    <Table<VoucherLine>
      rowKey="id"
      size="small"
      columns={lineColumns}
      dataSource={lines.data ?? []}
      loading={lines.isFetching}
      pagination={false}
      aria-label={`凭证分录 ${voucher.voucherNo ?? voucher.billNo}`}
      data-testid={`voucher-lines-${voucher.id}`}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={3}>
            合计
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            {moneyText(voucher.debitTotal)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={4} align="right">
            {moneyText(voucher.creditTotal)}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

export function VouchersView({ ledgerId, period, onPeriodChange }: WorkspaceViewProps) {
  const table = useVouchersTable({ ledgerId, period });
  return (
    <>
      <PeriodFilter period={period} onChange={onPeriodChange} />
      <WorkspaceTable<VoucherRecord>
        label="凭证列表"
        columns={columns}
        errorTitle="凭证加载失败"
        emptyText="所选期间没有凭证"
        error={table.error}
        onRetry={() => void table.refetch()}
        tableProps={{
          ...table.tableProps,
          expandable: { expandedRowRender: (r) => <VoucherLines voucher={r} /> },
        }}
        data-testid="workspace-vouchers"
      />
    </>
  );
}
