/**
 * 会计科目 (/accounting/subject): the chart of accounts as a tree table — 展开全部 / 折叠全部, a keyword (code or
 * name) and status filter that keeps each match under its ancestors — with 新增一级科目 in the toolbar and per row
 * 新增下级 (up to 4 levels), 编辑 and 删除 (the server refuses, with the reason, while sub-accounts, vouchers,
 * balances or templates use the subject). Changes need acc:subject:edit; the workspace's viewers read it.
 */
import { useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import {
  Button,
  Card,
  Flex,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import { ACCOUNTING_PERMISSIONS } from '@houtai/shared/contract/accounting';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { useFeedback } from '../../../lib/feedback.ts';
import { useFocusableTableScroll } from '../../../lib/focusable-table-scroll.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { Authorized } from '../../../lib/permissions/index.ts';
import { useResponsiveColumns, type FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';
import { useDeleteSubject } from './api/delete-subject.ts';
import { useSubjectTree, type SubjectFilters } from './api/list-subjects.ts';
import { STATUS_OPTIONS, SubjectFormDialog } from './subject-form-dialog.tsx';
import { canAddChild, expandableKeys, toRows, type SubjectEditing, type SubjectRow } from './subject-model.ts';

const EDIT = ACCOUNTING_PERMISSIONS.subjectEdit;

function StatusTag({ r }: { r: SubjectRow }) {
  return (
    <Tag color={r.status === '1' ? 'green' : 'default'}>
      {r.status_dictText || (r.status === '1' ? '启用' : '停用')}
    </Tag>
  );
}

export function SubjectListPage() {
  const { message } = useFeedback();
  const [search] = Form.useForm<SubjectFilters>();
  const [filters, setFilters] = useState<SubjectFilters>({});
  const tree = useSubjectTree(filters);
  const rows = useMemo(() => toRows(tree.data ?? []), [tree.data]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [editing, setEditing] = useState<SubjectEditing | null>(null);
  const remove = useFormSubmit({
    mutation: useDeleteSubject(),
    onSuccess: (text: string) => void message.success(text),
  });
  const root = useRef<HTMLDivElement>(null);
  useFocusableTableScroll(root, '会计科目表格');
  const filtered = Boolean(filters.keyword || filters.status);

  // A filtered tree opens fully, so each match is in sight (once per answer, during render: no effect needed).
  const [openedFor, setOpenedFor] = useState<unknown>(null);
  if (filtered && tree.data && openedFor !== tree.data) {
    setOpenedFor(tree.data);
    setExpanded(expandableKeys(rows));
  }

  const actions = (r: SubjectRow, vertical: boolean) => {
    const style = vertical ? { padding: 0, height: 'auto' } : { paddingInline: 4 };
    return (
      <Authorized action={EDIT}>
        <Space size={4} wrap={false} orientation={vertical ? 'vertical' : 'horizontal'}>
          {canAddChild(r) && (
            <Button
              type="link"
              size="small"
              style={style}
              onClick={() => setEditing({ kind: 'add', parent: r })}
              aria-label={`新增 ${r.code} ${r.name} 的下级科目`}
              data-testid={`subject-add-child-${r.code}`}
            >
              新增下级
            </Button>
          )}
          <Button
            type="link"
            size="small"
            style={style}
            onClick={() => setEditing({ kind: 'edit', record: r })}
            aria-label={`编辑 ${r.code} ${r.name}`}
            data-testid={`subject-edit-${r.code}`}
          >
            编辑
          </Button>
          <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => remove.submit(r.id)}>
            <Button
              type="link"
              size="small"
              style={style}
              danger
              aria-label={`删除 ${r.code} ${r.name}`}
              data-testid={`subject-delete-${r.code}`}
            >
              删除
            </Button>
          </Popconfirm>
        </Space>
      </Authorized>
    );
  };

  const nameCell = (r: SubjectRow) => (
    <Typography.Text ellipsis={{ tooltip: r.name }} type={r.matched ? undefined : 'secondary'}>
      {r.name}
    </Typography.Text>
  );

  const columns: FitColumn<SubjectRow>[] = [
    { title: '科目编码', dataIndex: 'code', width: 200 },
    {
      title: '科目名称',
      dataIndex: 'name',
      minWidth: 200,
      ellipsis: { showTitle: false },
      render: (_: string, r) => nameCell(r),
    },
    { title: '科目类别', dataIndex: 'category', width: 110 },
    { title: '余额方向', dataIndex: 'direction', width: 90, render: (_: string, r) => r.direction_dictText },
    { title: '级次', dataIndex: 'level', width: 64, align: 'right', from: 'lg' },
    { title: '状态', dataIndex: 'status', width: 80, render: (_: string, r) => <StatusTag r={r} /> },
    { title: '操作', key: 'actions', width: 200, fixed: 'right', render: (_: unknown, r) => actions(r, false) },
  ];
  // A phone: one card per subject — code and name, category, direction and status — with its steps beside it.
  const compactColumns: TableColumnsType<SubjectRow> = [
    {
      title: '科目',
      key: 'subject',
      render: (_: unknown, r) => (
        <Flex vertical gap={4} style={{ minWidth: 0 }} data-testid="subject-card">
          <Typography.Text strong ellipsis={{ tooltip: r.name }}>{`${r.code} ${r.name}`}</Typography.Text>
          <Flex gap={4} wrap align="center">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {`${r.category} · ${r.direction_dictText}`}
            </Typography.Text>
            <StatusTag r={r} />
          </Flex>
        </Flex>
      ),
    },
    { title: '操作', key: 'actions', width: 84, render: (_: unknown, r) => actions(r, true) },
  ];
  const layout = useResponsiveColumns<SubjectRow>({ columns, compactColumns });
  const { compact } = layout;

  const applySearch = (values: SubjectFilters) =>
    setFilters({ keyword: (values.keyword ?? '').trim() || undefined, status: values.status || undefined });

  const iconButton = (label: string, icon: ReactNode, onClick: () => void, testId: string) => (
    <Button icon={icon} onClick={onClick} aria-label={label} title={label} data-testid={testId}>
      {compact ? null : label}
    </Button>
  );

  return (
    <Flex vertical gap={16} ref={root} data-testid="subject-list-page">
      <Card size="small">
        <SearchForm
          form={search}
          onSearch={applySearch}
          onReset={() => {
            setFilters({});
            setExpanded([]);
          }}
        >
          <Form.Item label="关键字" name="keyword">
            <Input placeholder="科目编码或名称" allowClear maxLength={64} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select placeholder="全部" allowClear options={STATUS_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
        </SearchForm>
      </Card>
      <Card
        size="small"
        title="会计科目"
        extra={
          <Space wrap>
            <Authorized action={EDIT}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ kind: 'add', parent: null })}
                aria-label="新增一级科目"
                data-testid="subject-add"
              >
                {compact ? null : '新增一级科目'}
              </Button>
            </Authorized>
            {iconButton(
              '展开全部',
              <NodeExpandOutlined />,
              () => setExpanded(expandableKeys(rows)),
              'subject-expand-all',
            )}
            {iconButton('折叠全部', <NodeCollapseOutlined />, () => setExpanded([]), 'subject-collapse-all')}
          </Space>
        }
      >
        {tree.error ? (
          <LoadErrorAlert
            title="会计科目加载失败"
            error={tree.error}
            onRetry={() => void tree.refetch()}
            data-testid="subject-error"
          />
        ) : null}
        <Table<SubjectRow>
          rowKey="id"
          size="middle"
          columns={layout.columns}
          dataSource={rows}
          loading={tree.isFetching}
          pagination={false}
          scroll={layout.scroll}
          expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }}
          locale={{
            emptyText: (
              <Typography.Text type="secondary">
                {tree.error ? '加载失败' : filtered ? '没有匹配的科目' : '暂无会计科目'}
              </Typography.Text>
            ),
          }}
          data-testid="subject-table"
        />
      </Card>
      <SubjectFormDialog editing={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}
