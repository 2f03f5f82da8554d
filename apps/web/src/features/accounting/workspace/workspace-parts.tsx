/** Pieces every child view of the workspace shares: the month filter, amounts, and a paged table with its states. */
import { useId, useRef, type ReactNode } from 'react';
import { DatePicker, Flex, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { formatMoneyDisplay, parseMoney } from '@houtai/shared/money';
import { useFocusableTableScroll } from '../../../lib/focusable-table-scroll.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';

/** The period the views open on: this month, 'YYYY-MM'. */
export const currentPeriod = (): string => dayjs().format('YYYY-MM');

/** A wire amount ('1130.00') as the screens show it ('1,130.00'); text that is not an amount is shown as it is. */
export function moneyText(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const negative = value.trim().startsWith('-');
  const fen = parseMoney(negative ? value.trim().slice(1) : value);
  if (fen === null) return value;
  return `${negative && fen !== 0 ? '-' : ''}${formatMoneyDisplay(fen)}`;
}

/** An amount column: right-aligned, formatted. */
export function moneyColumn<Row>(title: string, dataIndex: keyof Row & string, width = 130) {
  return {
    title,
    dataIndex,
    key: dataIndex,
    width,
    align: 'right' as const,
    render: (v: string | null) => moneyText(v),
  };
}

export const textOrDash = (v: string | number | null | undefined): string =>
  v === null || v === undefined || v === '' ? '-' : String(v);

export interface PeriodFilterProps {
  period: string;
  onChange: (period: string) => void;
  children?: ReactNode;
}

/** The view's toolbar: 会计期间 (a month) and the view's own extras. */
export function PeriodFilter({ period, onChange, children }: PeriodFilterProps) {
  const id = useId();
  return (
    <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
      <Flex gap={8} align="center">
        <label htmlFor={id}>会计期间</label>
        <DatePicker
          id={id}
          picker="month"
          format="YYYY-MM"
          allowClear={false}
          value={dayjs(`${period}-01`)}
          onChange={(d) => {
            if (d) onChange(d.format('YYYY-MM'));
          }}
          style={{ width: 140 }}
          data-testid="workspace-period"
        />
      </Flex>
      {children}
    </Flex>
  );
}

/** The width a table's columns need (grouped headers count their children), for a sideways scroll. */
export function columnsWidth<Row>(columns: TableColumnsType<Row>): number {
  let total = 0;
  for (const c of columns) {
    if ('children' in c && c.children) total += columnsWidth(c.children);
    else total += typeof c.width === 'number' ? c.width : (c.minWidth ?? 120);
  }
  return total;
}

export interface WorkspaceTableProps<Row> {
  /** The table's name for screen readers and its scroll region. */
  label: string;
  columns: TableColumnsType<Row>;
  errorTitle: string;
  emptyText: string;
  error: Error | null;
  onRetry: () => void;
  tableProps: TableProps<Row>;
  'data-testid': string;
}

/** A child view's table: the failure above it with 重试, an empty text, a sideways scroll when narrow. */
export function WorkspaceTable<Row extends object>({
  label,
  columns,
  errorTitle,
  emptyText,
  error,
  onRetry,
  tableProps,
  ...rest
}: WorkspaceTableProps<Row>) {
  const root = useRef<HTMLDivElement>(null);
  useFocusableTableScroll(root, label);
  return (
    <div ref={root}>
      {error ? <LoadErrorAlert title={errorTitle} error={error} onRetry={onRetry} /> : null}
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: columnsWidth(columns) }}
        locale={{
          emptyText: <Typography.Text type="secondary">{error ? '加载失败' : emptyText}</Typography.Text>,
        }}
        {...tableProps}
        data-testid={rest['data-testid']}
      />
    </div>
  );
}
