/**
 * 科目余额表: every subject's opening, period and closing debit and credit for the ledger in the period, sub-subjects
 * indented under their parent, and a 合计 row of the first-level subjects (the server's totals).
 */
import { Table, Tag, type TableColumnsType } from 'antd';
import type { LedgerBalanceAnswer, LedgerBalanceRow } from '@houtai/shared/contract/accounting';
import { useLedgerBalances } from './api/ledger-balances.ts';
import type { WorkspaceViewProps } from './view-props.ts';
import { PeriodFilter, WorkspaceTable, moneyColumn, moneyText } from './workspace-parts.tsx';

/** Indent per level below the first, in px. */
const INDENT = 16;

const pair = (title: string, debit: keyof LedgerBalanceRow, credit: keyof LedgerBalanceRow) => ({
  title,
  key: title,
  children: [moneyColumn<LedgerBalanceRow>('借方', debit), moneyColumn<LedgerBalanceRow>('贷方', credit)],
});

const columns: TableColumnsType<LedgerBalanceRow> = [
  { title: '科目编码', dataIndex: 'subjectCode', key: 'subjectCode', width: 120, fixed: 'left' },
  {
    title: '科目名称',
    dataIndex: 'subjectName',
    key: 'subjectName',
    width: 200,
    render: (v: string, r) => (
      <span style={{ paddingInlineStart: Math.max(0, r.level - 1) * INDENT, fontWeight: r.level === 1 ? 600 : 400 }}>
        {v}
      </span>
    ),
  },
  pair('期初余额', 'openingDebit', 'openingCredit'),
  pair('本期发生额', 'periodDebit', 'periodCredit'),
  pair('期末余额', 'closingDebit', 'closingCredit'),
];

const TOTAL_FIELDS = [
  'openingDebit',
  'openingCredit',
  'periodDebit',
  'periodCredit',
  'closingDebit',
  'closingCredit',
] as const;

function TotalsRow({ totals }: { totals: LedgerBalanceAnswer['totals'] }) {
  return (
    <Table.Summary.Row data-testid="balances-total">
      <Table.Summary.Cell index={0} colSpan={2}>
        <strong>合计</strong>
      </Table.Summary.Cell>
      {TOTAL_FIELDS.map((f, i) => (
        <Table.Summary.Cell key={f} index={i + 2} align="right">
          <strong>{moneyText(totals[f])}</strong>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

export function BalancesView({ ledgerId, period, onPeriodChange }: WorkspaceViewProps) {
  const balances = useLedgerBalances({ ledgerId, period });
  const answer = balances.data;
  return (
    <>
      <PeriodFilter period={period} onChange={onPeriodChange}>
        {answer ? (
          <Tag color={answer.closed ? 'blue' : 'default'} data-testid="balances-closed">
            {answer.closed ? '已结账' : '未结账'}
          </Tag>
        ) : null}
      </PeriodFilter>
      <WorkspaceTable<LedgerBalanceRow>
        label="科目余额表"
        columns={columns}
        errorTitle="科目余额表加载失败"
        emptyText="所选期间没有发生额和余额"
        error={balances.isFetching ? null : balances.error}
        onRetry={() => void balances.refetch()}
        tableProps={{
          rowKey: 'subjectCode',
          bordered: true,
          dataSource: answer?.records ?? [],
          loading: balances.isFetching,
          pagination: false,
          summary: () => (answer && answer.records.length > 0 ? <TotalsRow totals={answer.totals} /> : null),
        }}
        data-testid="workspace-balances"
      />
    </>
  );
}
