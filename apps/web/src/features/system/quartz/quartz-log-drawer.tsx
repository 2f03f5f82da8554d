/**
 * 运行日志 of one job: its runs, newest first, a page at a time — fire time, how it was triggered, start, end,
 * duration, result (成功 / 失败 / 执行中 / 已跳过) and the message. A phone gets one card per run.
 */
import { Button, Drawer, Flex, Grid, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { QuartzJobRecord, QuartzRunRecord } from '@houtai/shared/contract/quartz';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { useResponsiveColumns, type FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { useServerTable } from '../../../lib/server-table/use-server-table.ts';
import { listQuartzRuns, type QuartzRunFilters } from './api/list-quartz-runs.ts';
import { QUARTZ_KEYS } from './api/quartz-keys.ts';
import { durationText, RESULT_COLOR } from './labels.ts';

export interface QuartzLogDrawerProps {
  /** The job whose runs are shown; null: closed. */
  job: QuartzJobRecord | null;
  onClose: () => void;
}

export function QuartzLogDrawer({ job, onClose }: QuartzLogDrawerProps) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      title={job ? `运行日志 - ${job.jobClassName_dictText}` : '运行日志'}
      placement="right"
      size={screens.md === false ? '100%' : 960}
      open={job !== null}
      onClose={onClose}
      destroyOnHidden
      data-testid="quartz-log-drawer"
    >
      {/* Mounted per job: every opening starts on page 1. */}
      {job ? <QuartzRunTable key={job.id} jobId={job.id} /> : null}
    </Drawer>
  );
}

const resultTag = (r: QuartzRunRecord) => (
  <Tag color={RESULT_COLOR[r.result]} data-testid="quartz-run-result">
    {r.result_dictText}
  </Tag>
);

const COLUMNS: FitColumn<QuartzRunRecord>[] = [
  { title: '触发时间', dataIndex: 'fireTime', width: 168 },
  { title: '触发方式', dataIndex: 'triggerType_dictText', width: 100 },
  { title: '开始时间', dataIndex: 'startTime', width: 168, from: 'xl', render: (v: string | null) => v || '-' },
  { title: '结束时间', dataIndex: 'endTime', width: 168, render: (v: string | null) => v || '-' },
  { title: '耗时', dataIndex: 'duration', width: 96, render: (v: number | null) => durationText(v) },
  { title: '结果', dataIndex: 'result', width: 88, render: (_: string, r) => resultTag(r) },
  {
    title: '信息',
    dataIndex: 'message',
    minWidth: 200,
    ellipsis: { showTitle: false },
    render: (v: string | null) =>
      v ? (
        <Tooltip title={v} placement="topLeft">
          <span>{v}</span>
        </Tooltip>
      ) : (
        '-'
      ),
  },
];

const COMPACT_COLUMNS: TableColumnsType<QuartzRunRecord> = [
  {
    title: '运行',
    key: 'run',
    render: (_: unknown, r) => (
      <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="quartz-run-card">
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong>{r.fireTime}</Typography.Text>
          {resultTag(r)}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {`${r.triggerType_dictText} · 耗时 ${durationText(r.duration)}`}
        </Typography.Text>
        {r.message ? (
          <Typography.Text style={{ fontSize: 12, wordBreak: 'break-all' }}>{r.message}</Typography.Text>
        ) : null}
      </Flex>
    ),
  },
];

function QuartzRunTable({ jobId }: { jobId: string }) {
  const table = useServerTable<QuartzRunRecord, QuartzRunFilters>({
    queryKey: QUARTZ_KEYS.log(jobId),
    load: listQuartzRuns,
    initialFilters: { jobId },
    // Every opening loads afresh: nothing is kept once the drawer closes.
    gcTime: 0,
  });
  const layout = useResponsiveColumns<QuartzRunRecord>({ columns: COLUMNS, compactColumns: COMPACT_COLUMNS });

  return (
    <div data-testid="quartz-log">
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Button icon={<ReloadOutlined />} onClick={() => void table.refetch()} loading={table.query.isFetching}>
          刷新
        </Button>
      </Flex>
      {table.error ? (
        <LoadErrorAlert
          title="运行日志加载失败"
          error={table.error}
          onRetry={() => void table.refetch()}
          data-testid="quartz-log-error"
        />
      ) : null}
      <Table<QuartzRunRecord>
        {...table.tableProps}
        rowKey="id"
        size="middle"
        columns={layout.columns}
        scroll={layout.scroll}
        locale={{
          emptyText: <Typography.Text type="secondary">{table.error ? '加载失败' : '暂无运行记录'}</Typography.Text>,
        }}
        data-testid="quartz-log-table"
      />
    </div>
  );
}
