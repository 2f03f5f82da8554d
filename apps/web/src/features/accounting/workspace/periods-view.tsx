/**
 * 期间结账: the periods of the current ledger — open or closed, how many vouchers are drafts or posted — with 结账
 * (confirmed; the server refuses while drafts are left) and 反结账 (with a reason). Buttons follow the caller's
 * codes; the server checks again.
 */
import { useState } from 'react';
import { Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { PAGE_SIZE_DEFAULT } from '@houtai/shared/constants';
import { ACCOUNTING_PERMISSIONS, type PeriodRecord } from '@houtai/shared/contract/accounting';
import { LIST_PAGE_SIZES_GENERIC } from '@houtai/shared/contract/list-page';
import { useFeedback } from '../../../lib/feedback.ts';
import { Authorized } from '../../../lib/permissions/index.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { useClosePeriod, usePeriods } from './api/periods.ts';
import { ReopenPeriodDialog, type ReopenTarget } from './reopen-period-dialog.tsx';
import { WorkspaceTable, textOrDash } from './workspace-parts.tsx';

export function PeriodsView({ ledgerId }: { ledgerId: string }) {
  const { message } = useFeedback();
  const periods = usePeriods(ledgerId);
  const [reopening, setReopening] = useState<ReopenTarget | null>(null);
  const close = useFormSubmit({
    mutation: useClosePeriod(),
    onSuccess: (text: string) => {
      if (text) void message.success(text);
    },
  });

  const columns: TableColumnsType<PeriodRecord> = [
    { title: '会计期间', dataIndex: 'period', key: 'period', width: 100, fixed: 'left' },
    {
      title: '状态',
      dataIndex: 'closed',
      key: 'closed',
      width: 90,
      render: (v: PeriodRecord['closed']) => (
        <Tag color={v === '1' ? 'blue' : 'default'}>{v === '1' ? '已结账' : '未结账'}</Tag>
      ),
    },
    { title: '未同步凭证', dataIndex: 'draftCount', key: 'draftCount', width: 100, align: 'right' },
    { title: '已过账凭证', dataIndex: 'postedCount', key: 'postedCount', width: 100, align: 'right' },
    { title: '结账人', dataIndex: 'closedBy', key: 'closedBy', width: 100, render: textOrDash },
    { title: '结账时间', dataIndex: 'closedTime', key: 'closedTime', width: 170, render: textOrDash },
    {
      title: '反结账原因',
      dataIndex: 'reopenReason',
      key: 'reopenReason',
      minWidth: 180,
      ellipsis: true,
      render: textOrDash,
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4}>
          {r.closed === '1' ? (
            <Authorized action={ACCOUNTING_PERMISSIONS.reopen}>
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setReopening({ ledgerId, period: r.period })}
                data-testid={`period-reopen-${r.period}`}
              >
                反结账
              </Button>
            </Authorized>
          ) : (
            <Authorized action={ACCOUNTING_PERMISSIONS.close}>
              <Popconfirm
                title={`确定结账 ${r.period} 吗?`}
                okText="结账"
                cancelText="取消"
                onConfirm={() => close.submit({ ledgerId, period: r.period })}
              >
                <Button type="link" size="small" data-testid={`period-close-${r.period}`}>
                  结账
                </Button>
              </Popconfirm>
            </Authorized>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <WorkspaceTable<PeriodRecord>
        label="会计期间列表"
        columns={columns}
        errorTitle="会计期间加载失败"
        emptyText="该账簿还没有会计期间"
        error={periods.isFetching ? null : periods.error}
        onRetry={() => void periods.refetch()}
        tableProps={{
          rowKey: 'period',
          dataSource: periods.data ?? [],
          loading: periods.isFetching || close.submitting,
          pagination: {
            defaultPageSize: PAGE_SIZE_DEFAULT,
            pageSizeOptions: LIST_PAGE_SIZES_GENERIC.map(String),
            showSizeChanger: true,
            hideOnSinglePage: true,
          },
        }}
        data-testid="workspace-periods"
      />
      <ReopenPeriodDialog target={reopening} onClose={() => setReopening(null)} />
    </>
  );
}
