/**
 * 工单列表 (route bi-workOrder-WorkOrderList, /bi/workOrder/WorkOrderList): search, a server-paged table with
 * unread marks (the WORK_ORDER key), and the steps the shared rule allows the user on each row — 查看, 指派,
 * 完成, 关闭, 重新打开 — plus 新建工单. The server checks everything again; hidden buttons are only cosmetic.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Button, Flex, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  allowedWorkOrderActions,
  WORK_ORDER_PERMISSIONS,
  WORK_ORDER_PRIORITY_DICT,
  WORK_ORDER_STATUS_DICT,
  WORK_ORDER_TEXT,
  type WorkOrderRecord,
} from '@houtai/shared/contract/work-order-rules';
import { useQueryClient } from '@tanstack/react-query';
import { Authorized } from '../../../lib/permissions/index.ts';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { loadDictOptions } from '../../../lib/api/dict.ts';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import type { SuperQueryField } from '../../../widgets/super-query/index.ts';
import { WORK_ORDER_EXPORT_NAME, WORK_ORDER_IMPORT_TASK } from '../api/import-export-work-orders.ts';
import {
  useWorkOrderTable,
  WORK_ORDER_LIST_PATH,
  WORK_ORDER_QUERY_KEY,
  type WorkOrderSearch,
} from '../api/list-work-orders.ts';
import { useWorkOrderActor } from '../hooks/use-work-order-actor.ts';
import {
  readUnreadWorkOrders,
  removeUnreadWorkOrder,
  subscribeWorkOrderNotices,
  useUnreadWorkOrderIds,
  workOrderDetailPath,
} from '../unread-work-orders.ts';
import { priorityColor, statusColor } from '../work-order-labels.ts';
import { AddWorkOrderDialog } from './add-work-order-dialog.tsx';
import { AssignWorkOrderDialog } from './assign-work-order-dialog.tsx';
import { NoteStepDialog, type NoteDialogStep } from './note-step-dialog.tsx';
import { WorkOrderSearchForm } from './work-order-search-form.tsx';

/** 高级查询's fields: those the server's work-order registry lets a condition name (work-order.fields.ts). */
const WORK_ORDER_QUERY_FIELDS: readonly SuperQueryField[] = [
  { title: '工单号', field: 'orderNo', type: 'string' },
  { title: '标题', field: 'title', type: 'string' },
  { title: '内容', field: 'content', type: 'string' },
  { title: '优先级', field: 'priority', type: 'dict', dictCode: WORK_ORDER_PRIORITY_DICT },
  { title: '状态', field: 'status', type: 'dict', dictCode: WORK_ORDER_STATUS_DICT },
  { title: '创建时间', field: 'createTime', type: 'datetime' },
  { title: '关闭时间', field: 'closedTime', type: 'datetime' },
];

export function WorkOrderListPage() {
  useDocumentTitle('工单列表');
  const navigate = useNavigate();
  const actor = useWorkOrderActor();
  const list = useWorkOrderTable();
  const { table } = list;
  const { refetch } = table;
  const queryClient = useQueryClient();
  const unread = useUnreadWorkOrderIds();
  const unreadSet = useMemo(() => new Set(unread), [unread]);
  const [adding, setAdding] = useState(false);
  const [assigning, setAssigning] = useState<WorkOrderRecord | null>(null);
  const [stepping, setStepping] = useState<{ step: NoteDialogStep; order: WorkOrderRecord } | null>(null);

  useEffect(() => {
    // The marks are a convenience: a failure leaves the rows unmarked, silently.
    readUnreadWorkOrders().catch(() => undefined);
    // A work-order notice (new, closed, …) shows at once.
    return subscribeWorkOrderNotices(() => void refetch());
  }, [refetch]);

  const open = useCallback(
    (id: string) => {
      removeUnreadWorkOrder(id).catch(() => undefined);
      void navigate(workOrderDetailPath(id));
    },
    [navigate],
  );

  const orderNoCell = (row: WorkOrderRecord) =>
    unreadSet.has(row.id) ? (
      <Badge dot offset={[4, 0]} data-testid="work-order-unread">
        <Typography.Text strong>{row.orderNo}</Typography.Text>
      </Badge>
    ) : (
      row.orderNo
    );
  const statusTag = (row: WorkOrderRecord) => (
    <Tag color={statusColor(row.status)} data-testid="work-order-status-tag">
      {row.status_dictText}
    </Tag>
  );
  const priorityTag = (row: WorkOrderRecord) => <Tag color={priorityColor(row.priority)}>{row.priority_dictText}</Tag>;
  const actions = (row: WorkOrderRecord, vertical: boolean) => {
    const allowed = allowedWorkOrderActions(row, actor);
    const link = (label: string, onClick: () => void, danger = false) => (
      <Button
        type="link"
        size="small"
        danger={danger}
        onClick={onClick}
        style={vertical ? { padding: 0 } : { paddingInline: 4 }}
      >
        {label}
      </Button>
    );
    return (
      <Space
        size={vertical ? 4 : 0}
        orientation={vertical ? 'vertical' : 'horizontal'}
        wrap={false}
        data-testid="work-order-actions"
      >
        {link('查看', () => open(row.id))}
        {allowed.has('assign') ? link('指派', () => setAssigning(row)) : null}
        {allowed.has('complete') ? link('完成', () => setStepping({ step: 'complete', order: row })) : null}
        {allowed.has('close') ? link('关闭', () => setStepping({ step: 'close', order: row }), true) : null}
        {allowed.has('reopen') ? link('重新打开', () => setStepping({ step: 'reopen', order: row })) : null}
      </Space>
    );
  };

  const columns: FitColumn<WorkOrderRecord>[] = [
    {
      title: '工单号',
      dataIndex: 'orderNo',
      width: 148,
      sorter: true,
      sortOrder: table.sortOrderOf('orderNo'),
      render: (_: string, row) => orderNoCell(row),
    },
    {
      title: '标题',
      dataIndex: 'title',
      minWidth: 160,
      // The full title shows in a tooltip only when the cell cuts it.
      ellipsis: { showTitle: false },
      render: (title: string, row) => (
        <Typography.Text ellipsis={{ tooltip: title }} data-testid="work-order-title">
          <Typography.Link onClick={() => open(row.id)}>{title}</Typography.Link>
        </Typography.Text>
      ),
    },
    {
      title: '优先级',
      dataIndex: 'priority',
      width: 80,
      sorter: true,
      sortOrder: table.sortOrderOf('priority'),
      render: (_: string, row) => priorityTag(row),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 84,
      sorter: true,
      sortOrder: table.sortOrderOf('status'),
      render: (_: string, row) => statusTag(row),
    },
    {
      title: '提交人',
      dataIndex: 'reporterId_dictText',
      width: 88,
      from: 'xl',
      render: (v: string | null) => v ?? '-',
    },
    { title: '处理人', dataIndex: 'assigneeId_dictText', width: 88, render: (v: string | null) => v ?? '-' },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 160,
      sorter: true,
      sortOrder: table.sortOrderOf('createTime'),
    },
    { title: '操作', key: 'actions', width: 160, fixed: 'right', render: (_: unknown, row) => actions(row, false) },
  ];
  const compactColumns: TableColumnsType<WorkOrderRecord> = [
    // A phone: one column with the order's essentials, and the steps beside it.
    {
      title: '工单',
      key: 'order',
      render: (_: unknown, row) => (
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Flex align="center" gap={4} wrap>
            <span style={{ marginInlineEnd: 4 }}>{orderNoCell(row)}</span>
            {statusTag(row)}
            {priorityTag(row)}
          </Flex>
          <Typography.Link
            onClick={() => open(row.id)}
            ellipsis
            style={{ maxWidth: '100%' }}
            data-testid="work-order-title"
          >
            {row.title}
          </Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`${row.reporterId_dictText ?? '-'} → ${row.assigneeId_dictText ?? '未指派'}  ${row.createTime ?? ''}`}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: '操作', key: 'actions', width: 84, render: (_: unknown, row) => actions(row, true) },
  ];

  return (
    <>
      <ListPage<WorkOrderRecord, WorkOrderSearch>
        page={list}
        listKey={WORK_ORDER_LIST_PATH}
        title="工单列表"
        search={<WorkOrderSearchForm onSearch={table.searchProps.onSearch} />}
        toolbar={
          <Authorized action={WORK_ORDER_PERMISSIONS.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="work-order-add">
              新建工单
            </Button>
          </Authorized>
        }
        columns={columns}
        compactColumns={compactColumns}
        superQuery={{ fields: WORK_ORDER_QUERY_FIELDS, loadOptions: loadDictOptions }}
        exportConfig={{ name: WORK_ORDER_EXPORT_NAME }}
        importConfig={{
          title: '导入工单',
          task: WORK_ORDER_IMPORT_TASK,
          rule: WORK_ORDER_TEXT.importRule,
          permission: WORK_ORDER_PERMISSIONS.add,
        }}
        onImported={() => void queryClient.invalidateQueries({ queryKey: WORK_ORDER_QUERY_KEY })}
        emptyText="暂无工单"
        errorTitle="工单列表加载失败"
        rowClassName={(row) => (unreadSet.has(row.id) ? 'work-order-row-unread' : '')}
        data-testid="work-order-list-page"
        testIdPrefix="work-order"
      />
      <AddWorkOrderDialog open={adding} onClose={() => setAdding(false)} />
      <AssignWorkOrderDialog order={assigning} onClose={() => setAssigning(null)} />
      <NoteStepDialog target={stepping} onClose={() => setStepping(null)} />
    </>
  );
}
