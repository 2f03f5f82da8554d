/**
 * The task list 任务列表 (spec §2.7, §4, §8, §9): the signed-in user's async tasks with a search form (标题,
 * 状态), paging 10 of 10–100, a coloured status (点击下载 for a finished file, 重试 for a failed task) and how
 * long each took. It reloads itself when a task message arrives while it is open. Loaded on first open.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { isTaskMessage, taskProgressOf } from '@houtai/shared/messaging';
import { useDictOptions } from '../../../lib/dict/use-dict-options.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { subscribeRealtime } from '../../../lib/realtime.ts';
import { downloadStoredFile } from '../../../lib/download-stored-file.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { TASK_KEYS, useMyTasksTable, type AsyncTaskRecord, type MyTasksSearch } from '../api/my-tasks.ts';
import { useRetryTask } from '../api/retry-task.ts';
import {
  TASK_LIST_WIDTH,
  TASK_STATUS_DICT,
  TASK_TEXT,
  formatDuration,
  progressText,
  taskStatusCell,
} from '../task-rules.ts';

export interface TaskListDialogProps {
  open: boolean;
  onClose: () => void;
}

export function TaskListDialog({ open, onClose }: TaskListDialogProps) {
  return (
    <Modal title={TASK_TEXT.title} open={open} onCancel={onClose} footer={null} width={TASK_LIST_WIDTH} destroyOnHidden>
      {/* Mounted per opening: every opening starts on page 1 with an empty form. */}
      <TaskListBody />
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 8 }}>
        <Button onClick={onClose}>{TASK_TEXT.close}</Button>
      </div>
    </Modal>
  );
}

function TaskTime({ task }: { task: AsyncTaskRecord }) {
  return (
    <div style={{ lineHeight: 1.6, whiteSpace: 'nowrap' }}>
      <div>
        {TASK_TEXT.start}：{task.startTime || '-'}
      </div>
      <div>
        {TASK_TEXT.end}：{task.endTime || '-'}
      </div>
    </div>
  );
}

function TaskListBody() {
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  const [form] = Form.useForm<MyTasksSearch>();
  const statusOptions = useDictOptions(TASK_STATUS_DICT);
  const table = useMyTasksTable();

  // Live progress of running tasks, by id, from the server's progress messages.
  const [live, setLive] = useState<ReadonlyMap<string, number>>(new Map());
  // A task message while the list is open: its row has changed (or, for progress, its percent).
  useEffect(
    () =>
      subscribeRealtime((m) => {
        const progress = taskProgressOf(m);
        if (progress) setLive((old) => new Map(old).set(progress.id, progress.progress));
        else if (isTaskMessage(m)) void queryClient.invalidateQueries({ queryKey: TASK_KEYS.mine });
      }),
    [queryClient],
  );

  const reset = () => {
    form.resetFields();
    table.searchProps.onReset();
  };

  const { submit: retryTask } = useFormSubmit({
    mutation: useRetryTask(),
    onSuccess: (text: string) => void message.success(text || '操作成功'),
  });
  const retry = (task: AsyncTaskRecord) => void retryTask(task.id);

  const download = async (task: AsyncTaskRecord) => {
    if (!task.downloadUrl) {
      void message.warning(TASK_TEXT.unknownFile);
      return;
    }
    try {
      await downloadStoredFile(task.downloadUrl);
    } catch {
      void message.error(TASK_TEXT.downloadFailed);
    }
  };

  const columns: TableColumnsType<AsyncTaskRecord> = [
    { title: 'ID', dataIndex: 'id', width: 80, ellipsis: true },
    { title: '标题', dataIndex: 'title', width: 130, ellipsis: true },
    { title: '任务时间', key: 'time', width: 190, render: (_, task) => <TaskTime task={task} /> },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (_, task) => {
        const cell = taskStatusCell(task.status, task.downloadUrl);
        const label = task.status_dictText || task.status;
        return (
          <Space size={4} wrap>
            {cell.showLabel ? (
              <Tag color={cell.color} style={{ marginInlineEnd: 0 }}>
                {label}
              </Tag>
            ) : (
              <Tag
                color={cell.color}
                icon={<SyncOutlined spin />}
                title={label}
                aria-label={label}
                style={{ marginInlineEnd: 0 }}
              >
                {progressText(live.get(task.id) ?? task.progress)}
              </Tag>
            )}
            {cell.download && (
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void download(task)}>
                {TASK_TEXT.download}
              </Button>
            )}
            {cell.retry && (
              <Button type="link" size="small" danger style={{ padding: 0 }} onClick={() => retry(task)}>
                {TASK_TEXT.retry}
              </Button>
            )}
          </Space>
        );
      },
    },
    { title: '耗时', dataIndex: 'duration', width: 80, render: (v: number | null | undefined) => formatDuration(v) },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    { title: '创建日期', dataIndex: 'createTime', width: 160 },
    {
      title: '操作',
      key: 'action',
      width: 60,
      fixed: 'right',
      render: (_, task) =>
        taskStatusCell(task.status).retry ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => retry(task)}>
            {TASK_TEXT.retry}
          </Button>
        ) : null,
    },
  ];

  const error = table.error ? table.error.message || TASK_TEXT.loadFailed : null;

  return (
    <div data-testid="task-list">
      <Form<MyTasksSearch>
        form={form}
        name="taskSearch"
        layout="inline"
        onFinish={table.searchProps.onSearch}
        style={{ marginBottom: 16, rowGap: 8 }}
        aria-label="任务查询"
      >
        <Form.Item name="title" label={TASK_TEXT.titleLabel}>
          <Input placeholder={TASK_TEXT.titlePlaceholder} allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label={TASK_TEXT.statusLabel}>
          <Select
            placeholder={TASK_TEXT.statusPlaceholder}
            options={[...statusOptions]}
            allowClear
            style={{ width: 160 }}
            aria-label={TASK_TEXT.statusLabel}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {TASK_TEXT.search}
            </Button>
            <Button onClick={reset}>{TASK_TEXT.reset}</Button>
          </Space>
        </Form.Item>
      </Form>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={TASK_TEXT.loadFailed}
          description={error}
          action={
            <Button size="small" onClick={() => void table.refetch()}>
              {TASK_TEXT.retry}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Table<AsyncTaskRecord> {...table.tableProps} rowKey="id" size="middle" columns={columns} scroll={{ x: 900 }} />
    </div>
  );
}
