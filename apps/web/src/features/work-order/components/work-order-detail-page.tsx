/**
 * 工单详情 (/bi/workOrder/WorkOrderDetail/:id): the order, the steps the user may take on it, its history
 * (处理记录) and a comment box. Opening it marks the order read (the WORK_ORDER key).
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Form,
  Grid,
  Input,
  Result,
  Skeleton,
  Space,
  Tag,
  Timeline,
  Typography,
  theme,
} from 'antd';
import { ArrowLeftOutlined, PaperClipOutlined } from '@ant-design/icons';
import {
  allowedWorkOrderActions,
  WORK_ORDER_LIMITS,
  WORK_ORDER_TEXT,
  type WorkOrderDetail,
  type WorkOrderLogRecord,
} from '@houtai/shared/contract/work-order-rules';
import { useFeedback } from '../../../lib/feedback.ts';
import { downloadWorkOrderAttachment } from '../api/download-attachment.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useWorkOrder } from '../api/get-work-order.ts';
import { useWorkOrderStep } from '../api/work-order-step.ts';
import { useWorkOrderActor } from '../hooks/use-work-order-actor.ts';
import { removeUnreadWorkOrder, subscribeWorkOrderNotices, WORK_ORDER_LIST_PATH } from '../unread-work-orders.ts';
import { priorityColor, statusColor } from '../work-order-labels.ts';
import { AssignWorkOrderDialog } from './assign-work-order-dialog.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { fileSizeText } from '../../../lib/file-size.ts';
import { NoteStepDialog, type NoteDialogStep } from './note-step-dialog.tsx';

const ACTION_COLORS: Readonly<Record<string, string>> = {
  create: 'blue',
  assign: 'orange',
  complete: 'green',
  close: 'gray',
  reopen: 'purple',
  comment: 'cyan',
};

function historyLine(log: WorkOrderLogRecord): string {
  const who = log.createBy_dictText ?? log.createBy ?? '';
  if (log.action === 'assign') {
    const to = log.toUser_dictText ?? log.toUser ?? '';
    return log.fromUser
      ? `${who} 将工单从 ${log.fromUser_dictText ?? log.fromUser} 改派给 ${to}`
      : `${who} 指派给 ${to}`;
  }
  return `${who} ${log.action_dictText}`;
}

/** The attached files; each downloads through the order (the files are the reporter's own). */
function Attachments({ order }: { order: WorkOrderDetail }) {
  const { message } = useFeedback();
  if (order.attachmentFiles.length === 0) return null;
  return (
    <div data-testid="work-order-attachments">
      <Typography.Text type="secondary">附件：</Typography.Text>
      <Flex vertical gap={4} style={{ marginTop: 4 }}>
        {order.attachmentFiles.map((f) => (
          <Typography.Link
            key={f.path}
            onClick={() =>
              void downloadWorkOrderAttachment(order.id, f.path).catch(() => void message.error('下载失败!'))
            }
          >
            <PaperClipOutlined /> {f.name}
            <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
              {fileSizeText(f.size)}
            </Typography.Text>
          </Typography.Link>
        ))}
      </Flex>
    </div>
  );
}

function History({ logs }: { logs: WorkOrderDetail['logs'] }) {
  if (logs.length === 0) return <Empty description="暂无处理记录" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="work-order-history"
      items={logs.map((log) => ({
        key: log.id,
        color: ACTION_COLORS[log.action] ?? 'gray',
        content: (
          <Flex vertical gap={2}>
            <Typography.Text>{historyLine(log)}</Typography.Text>
            {log.note ? (
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{log.note}</Typography.Paragraph>
            ) : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {log.createTime}
            </Typography.Text>
          </Flex>
        ),
      }))}
    />
  );
}

function CommentBox({ id }: { id: string }) {
  const [form] = Form.useForm<{ note?: string }>();
  const { message } = useFeedback();
  const { submit, submitting } = useFormSubmit({
    form,
    mutation: useWorkOrderStep(),
    input: (values: { note?: string }) => ({ step: 'comment' as const, id, note: values.note?.trim() ?? '' }),
    onSuccess: (text) => {
      void message.success(text || WORK_ORDER_TEXT.commented);
      form.resetFields();
    },
  });
  return (
    <Form
      form={form}
      name="workOrderComment"
      onFinish={(v) => void submit(v)}
      autoComplete="off"
      data-testid="work-order-comment"
    >
      <Form.Item
        name="note"
        rules={[
          { required: true, whitespace: true, message: WORK_ORDER_TEXT.commentRequired },
          { max: WORK_ORDER_LIMITS.note, message: WORK_ORDER_TEXT.noteTooLong },
        ]}
        style={{ marginBottom: 8 }}
      >
        <Input.TextArea rows={3} maxLength={WORK_ORDER_LIMITS.note} showCount placeholder="写下评论" />
      </Form.Item>
      <Button htmlType="submit" loading={submitting}>
        发表评论
      </Button>
    </Form>
  );
}

export function WorkOrderDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const actor = useWorkOrderActor();
  const query = useWorkOrder(id);
  const order = query.data;
  useDocumentTitle(order ? `工单 ${order.orderNo}` : '工单详情');
  const [assigning, setAssigning] = useState(false);
  const [step, setStep] = useState<NoteDialogStep | null>(null);

  const { refetch } = query;
  useEffect(() => {
    if (!id) return;
    removeUnreadWorkOrder(id).catch(() => undefined);
    return subscribeWorkOrderNotices((changed) => {
      if (changed === id) void refetch();
    });
  }, [id, refetch]);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(WORK_ORDER_LIST_PATH)}>
      返回列表
    </Button>
  );

  if (!order) {
    if (query.isError) {
      return (
        <Card data-testid="work-order-detail-page" data-state="error">
          <Result
            status="warning"
            title="无法查看该工单"
            subTitle={query.error.message}
            extra={
              <Space>
                {back}
                <Button type="primary" onClick={() => void refetch()} loading={query.isFetching}>
                  重试
                </Button>
              </Space>
            }
          />
        </Card>
      );
    }
    return (
      <Card data-testid="work-order-detail-page" data-state="loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  const allowed = allowedWorkOrderActions(order, actor);
  return (
    <Flex vertical gap={16} data-testid="work-order-detail-page" data-state="ready">
      <Card
        size="small"
        title={
          <Flex align="center" gap={8} wrap style={{ minWidth: 0, padding: '4px 0' }}>
            <Typography.Text strong data-testid="work-order-no">
              {order.orderNo}
            </Typography.Text>
            <Tag color={statusColor(order.status)} data-testid="work-order-detail-status">
              {order.status_dictText}
            </Tag>
            <Tag color={priorityColor(order.priority)}>{order.priority_dictText}</Tag>
          </Flex>
        }
        extra={screens.sm === false ? null : back}
      >
        <Flex vertical gap={16}>
          <Typography.Title level={4} style={{ margin: 0, wordBreak: 'break-word' }} data-testid="work-order-title">
            {order.title}
          </Typography.Title>
          {query.isError ? (
            <Alert type="warning" showIcon title="未能获取最新数据" description={query.error.message} />
          ) : null}
          <div
            style={{
              padding: '12px 16px',
              borderRadius: token.borderRadius,
              background: token.colorFillQuaternary,
              wordBreak: 'break-word',
            }}
            data-testid="work-order-content-block"
          >
            {order.content ? (
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid="work-order-content">
                {order.content}
              </Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">（无内容）</Typography.Text>
            )}
          </div>
          <Attachments order={order} />
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 1, md: 2, xl: 3 }}
            styles={{ label: { whiteSpace: 'nowrap' } }}
            items={[
              { key: 'reporter', label: '提交人', children: order.reporterId_dictText ?? '-' },
              { key: 'assignee', label: '处理人', children: order.assigneeId_dictText ?? '未指派' },
              { key: 'createTime', label: '创建时间', children: order.createTime ?? '-' },
              { key: 'updateTime', label: '更新时间', children: order.updateTime ?? '-' },
              ...(order.closedTime
                ? [
                    { key: 'closedBy', label: '关闭人', children: order.closedBy_dictText ?? '-' },
                    { key: 'closedTime', label: '关闭时间', children: order.closedTime },
                    { key: 'closeNote', label: '关闭说明', children: order.closeNote ?? '-' },
                  ]
                : []),
            ]}
          />
          <Space wrap data-testid="work-order-detail-actions">
            {screens.sm === false ? back : null}
            {allowed.has('assign') ? (
              <Button type="primary" onClick={() => setAssigning(true)}>
                指派
              </Button>
            ) : null}
            {allowed.has('complete') ? (
              <Button type="primary" onClick={() => setStep('complete')}>
                完成
              </Button>
            ) : null}
            {allowed.has('close') ? (
              <Button danger onClick={() => setStep('close')}>
                关闭
              </Button>
            ) : null}
            {allowed.has('reopen') ? <Button onClick={() => setStep('reopen')}>重新打开</Button> : null}
          </Space>
        </Flex>
      </Card>
      <Card size="small" title="处理记录">
        <Flex vertical gap={16}>
          <History logs={order.logs} />
          {allowed.has('comment') ? <CommentBox id={order.id} /> : null}
        </Flex>
      </Card>
      <AssignWorkOrderDialog order={assigning ? order : null} onClose={() => setAssigning(false)} />
      <NoteStepDialog target={step ? { step, order } : null} onClose={() => setStep(null)} />
    </Flex>
  );
}
