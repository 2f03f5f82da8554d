/**
 * 定时任务 (system/QuartzJobList, under 系统监控): the scheduled jobs with their kind, expression, parameter,
 * status and next fire time; each can be edited, stopped or started, run once now, deleted, and its run log read.
 * Buttons follow the caller's permission codes (ADMIN_PERMISSIONS.quartz); the server checks them again.
 */
import { useState } from 'react';
import { Button, Flex, Form, Popconfirm, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { QUARTZ_STATUS, QUARTZ_TEXT, type QuartzJobRecord } from '@houtai/shared/contract/quartz';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { Authorized, useHasPermission } from '../../../lib/permissions/index.ts';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import { useExecuteQuartzJob } from './api/execute-quartz-job.ts';
import { getQuartzJob } from './api/get-quartz-job.ts';
import { QUARTZ_LIST_PATH, useQuartzTable, type QuartzFilters } from './api/list-quartz-jobs.ts';
import { useQuartzKinds } from './api/list-quartz-kinds.ts';
import { usePauseQuartzJob } from './api/pause-quartz-job.ts';
import { useResumeQuartzJob } from './api/resume-quartz-job.ts';
import { STATUS_COLOR, STATUS_FILTER_OPTIONS } from './labels.ts';
import { QuartzFormDialog } from './quartz-form-dialog.tsx';
import { QuartzLogDrawer } from './quartz-log-drawer.tsx';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';

const P = ADMIN_PERMISSIONS.quartz;

export function QuartzAdminPage() {
  const { message } = useFeedback();
  const [form] = Form.useForm<QuartzFilters>();
  const [editing, setEditing] = useState<{ record: QuartzJobRecord | null } | null>(null);
  const [logOf, setLogOf] = useState<QuartzJobRecord | null>(null);
  const canEdit = useHasPermission(P.edit);
  // Rows are ticked only for 批量删除.
  const list = useQuartzTable(canEdit);
  const { table } = list;
  const kinds = useQuartzKinds();
  const kindOptions = (kinds.data ?? []).map((k) => ({ value: k.key, label: k.title }));

  // Each action shows the server's message (or its own); its mutation reloads the list.
  const done = (fallback: string) => (text: string) => void message.success(text || fallback);
  const pause = useFormSubmit({ mutation: usePauseQuartzJob(), onSuccess: done(QUARTZ_TEXT.paused) });
  const resume = useFormSubmit({ mutation: useResumeQuartzJob(), onSuccess: done(QUARTZ_TEXT.resumed) });
  const execute = useFormSubmit({ mutation: useExecuteQuartzJob(), onSuccess: done(QUARTZ_TEXT.executed) });

  const openEditor = async (id: string | null) => {
    if (!id) {
      setEditing({ record: null });
      return;
    }
    try {
      // The job as it is now, with the version an edit sends back.
      setEditing({ record: await getQuartzJob(id) });
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    }
  };

  const statusTag = (r: QuartzJobRecord) => (
    <Tag color={STATUS_COLOR[String(r.status)]} data-testid="quartz-status">
      {r.status_dictText}
    </Tag>
  );
  const cronText = (r: QuartzJobRecord) => (
    <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
      {r.cronExpression}
    </Typography.Text>
  );

  const actions = (r: QuartzJobRecord, vertical: boolean) => {
    const style = vertical ? { padding: 0 } : { paddingInline: 4 };
    const running = r.status === QUARTZ_STATUS.normal;
    return (
      <Space size={4} wrap={false} orientation={vertical ? 'vertical' : 'horizontal'}>
        <Authorized action={P.edit}>
          <Button type="link" size="small" style={style} onClick={() => void openEditor(r.id)}>
            编辑
          </Button>
        </Authorized>
        <Authorized action={P.run}>
          {running ? (
            <Popconfirm title="确定停止该任务吗?" onConfirm={() => pause.submit(r.id)}>
              <Button type="link" size="small" style={style} data-testid={`quartz-pause-${r.id}`}>
                停止
              </Button>
            </Popconfirm>
          ) : (
            <Button
              type="link"
              size="small"
              style={style}
              onClick={() => void resume.submit(r.id)}
              data-testid={`quartz-resume-${r.id}`}
            >
              启动
            </Button>
          )}
          <Popconfirm title="确定立即执行一次该任务吗?" onConfirm={() => execute.submit(r.id)}>
            <Button type="link" size="small" style={style} data-testid={`quartz-execute-${r.id}`}>
              立即执行
            </Button>
          </Popconfirm>
        </Authorized>
        <Button type="link" size="small" style={style} onClick={() => setLogOf(r)} data-testid={`quartz-log-${r.id}`}>
          日志
        </Button>
        <Authorized action={P.edit}>
          <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => list.removeOne(r.id)}>
            <Button type="link" size="small" style={style} danger>
              删除
            </Button>
          </Popconfirm>
        </Authorized>
      </Space>
    );
  };

  const columns: FitColumn<QuartzJobRecord>[] = [
    {
      title: '任务类型',
      dataIndex: 'jobClassName_dictText',
      minWidth: 200,
      render: (_: string, r) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text data-testid="quartz-kind-title">{r.jobClassName_dictText}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.jobClassName}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Cron表达式', dataIndex: 'cronExpression', width: 170, render: (_: string, r) => cronText(r) },
    {
      title: '参数',
      dataIndex: 'parameter',
      width: 200,
      from: 'xl',
      ellipsis: { showTitle: false },
      render: (v: string) => (
        <Typography.Text ellipsis={{ tooltip: v }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: '描述',
      dataIndex: 'description',
      width: 180,
      from: 'xl',
      ellipsis: { showTitle: false },
      render: (v: string | null) => (v ? <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text> : '-'),
    },
    { title: '状态', dataIndex: 'status', width: 80, render: (_: number, r) => statusTag(r) },
    { title: '下次执行', dataIndex: 'nextFireTime', width: 168, render: (v: string | null) => v || '-' },
    { title: '上次执行', dataIndex: 'lastFireTime', width: 168, from: 'xxl', render: (v: string | null) => v || '-' },
    { title: '操作', key: 'actions', width: 248, fixed: 'right', render: (_: unknown, r) => actions(r, false) },
  ];
  // A phone: one card per job — kind, status, expression, description and next fire — with its steps beside it.
  const compactColumns: TableColumnsType<QuartzJobRecord> = [
    {
      title: '任务',
      key: 'job',
      render: (_: unknown, r) => (
        <Flex vertical gap={4} style={{ minWidth: 0 }} data-testid="quartz-card">
          <Flex align="center" gap={4} wrap>
            <Typography.Text strong data-testid="quartz-kind-title">
              {r.jobClassName_dictText}
            </Typography.Text>
            {statusTag(r)}
          </Flex>
          <div>{cronText(r)}</div>
          {r.description ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.description}
            </Typography.Text>
          ) : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`下次执行：${r.nextFireTime ?? '-'}`}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: '操作', key: 'actions', width: 84, render: (_: unknown, r) => actions(r, true) },
  ];

  return (
    <>
      <ListPage<QuartzJobRecord, QuartzFilters>
        page={list}
        listKey={QUARTZ_LIST_PATH}
        title="定时任务"
        search={
          <SearchForm form={form} onSearch={table.searchProps.onSearch} onReset={table.searchProps.onReset}>
            <Form.Item label="任务类型" name="jobClassName">
              <Select
                placeholder="请选择"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={kinds.isPending}
                options={kindOptions}
                style={{ width: 220 }}
              />
            </Form.Item>
            <Form.Item label="状态" name="status">
              <Select placeholder="请选择" allowClear options={STATUS_FILTER_OPTIONS} style={{ width: 120 }} />
            </Form.Item>
          </SearchForm>
        }
        toolbar={
          <Authorized action={P.edit}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void openEditor(null)}>
              新建
            </Button>
          </Authorized>
        }
        batchDeletePermission={P.edit}
        columns={columns}
        compactColumns={compactColumns}
        emptyText="暂无定时任务"
        errorTitle="定时任务加载失败"
        data-testid="quartz-admin-page"
        testIdPrefix="quartz"
      />
      <QuartzFormDialog open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} />
      <QuartzLogDrawer job={logOf} onClose={() => setLogOf(null)} />
    </>
  );
}
