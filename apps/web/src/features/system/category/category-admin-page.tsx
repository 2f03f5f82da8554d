/**
 * 分类字典 (/isys/category, system/SysCategoryList): the category dictionary as a tree table — the top level a page
 * at a time (rootList), each category's children loaded when it is expanded (childList) — with a name search over
 * every level (matches listed flat, each still expandable), and per node 编辑, 添加下级 and 删除 (refused by the
 * server while the category has children). Buttons follow the caller's codes (ADMIN_PERMISSIONS.category); the
 * server checks them again. A write reloads every loaded level; the category pickers read the same table.
 */
import { useMemo, useRef, useState, type Key } from 'react';
import { Button, Card, Flex, Form, Input, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { CATEGORY_LIMITS, type CategoryRecord } from '@houtai/shared/contract/category';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { useFeedback } from '../../../lib/feedback.ts';
import { useFocusableTableScroll } from '../../../lib/focusable-table-scroll.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { Authorized } from '../../../lib/permissions/index.ts';
import { useResponsiveColumns, type FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';
import { useDeleteCategory } from './api/delete-category.ts';
import { useCategoryChildren, useCategoryRoots } from './api/list-categories.ts';
import { CategoryFormDialog, type CategoryEditing } from './category-form-dialog.tsx';

const P = ADMIN_PERMISSIONS.category;
const PAGE_SIZES = [10, 20, 30];

/** A row of the tree table: keyed by its path (a search can list a category and, expanded, its parent's child). */
interface CategoryRow extends CategoryRecord {
  key: string;
  children?: CategoryRow[];
}

const idOfKey = (key: Key) => String(key).split('/').at(-1)!;

/** Rows with their loaded children; a category with children not loaded yet shows its expand arrow (children []). */
function toRows(
  records: readonly CategoryRecord[],
  loaded: ReadonlyMap<string, CategoryRecord[]>,
  parentKey: string,
  depth = 0,
): CategoryRow[] {
  return records.map((r) => {
    const key = parentKey ? `${parentKey}/${r.id}` : r.id;
    const row: CategoryRow = { ...r, key };
    const kids = loaded.get(r.id);
    if (kids && depth < 32) {
      if (kids.length > 0) row.children = toRows(kids, loaded, key, depth + 1);
    } else if (r.hasChild === '1') {
      row.children = [];
    }
    return row;
  });
}

export function CategoryAdminPage() {
  const { message } = useFeedback();
  const [search] = Form.useForm<{ name?: string }>();
  const [params, setParams] = useState({ pageNo: 1, pageSize: 10, name: '' });
  const roots = useCategoryRoots(params);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const expandedIds = useMemo(() => [...new Set(expanded.map(idOfKey))], [expanded]);
  const children = useCategoryChildren(expandedIds);
  const [editing, setEditing] = useState<CategoryEditing | null>(null);
  const remove = useFormSubmit({
    mutation: useDeleteCategory(),
    onSuccess: (text: string) => void message.success(text),
  });
  const root = useRef<HTMLDivElement>(null);
  useFocusableTableScroll(root, '分类字典表格');

  const loaded = useMemo(() => {
    const m = new Map<string, CategoryRecord[]>();
    expandedIds.forEach((id, i) => {
      const data = children[i]?.data;
      if (data) m.set(id, data);
    });
    return m;
  }, [expandedIds, children]);
  const rows = useMemo(() => toRows(roots.data?.records ?? [], loaded, ''), [roots.data, loaded]);
  const childFailure = children.find((c) => c.error)?.error ?? null;
  const failure = roots.error ?? childFailure;

  const actions = (r: CategoryRow, vertical: boolean) => {
    const style = vertical ? { padding: 0, height: 'auto' } : { paddingInline: 4 };
    return (
      <Authorized action={P.edit}>
        <Space size={4} wrap={false} orientation={vertical ? 'vertical' : 'horizontal'}>
          <Button
            type="link"
            size="small"
            style={style}
            onClick={() => setEditing({ kind: 'edit', record: r })}
            data-testid={`category-edit-${r.id}`}
          >
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            style={style}
            onClick={() => setEditing({ kind: 'add', parent: r })}
            data-testid={`category-add-child-${r.id}`}
          >
            添加下级
          </Button>
          <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => remove.submit(r.id)}>
            <Button type="link" size="small" style={style} danger data-testid={`category-delete-${r.id}`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      </Authorized>
    );
  };

  const codeText = (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '-');
  const columns: FitColumn<CategoryRow>[] = [
    {
      title: '分类名称',
      dataIndex: 'name',
      minWidth: 240,
      ellipsis: { showTitle: false },
      render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text>,
    },
    { title: '分类编码', dataIndex: 'code', width: 200, render: codeText },
    { title: '创建时间', dataIndex: 'createTime', width: 168, from: 'xl', render: (v: string | null) => v || '-' },
    { title: '操作', key: 'actions', width: 200, fixed: 'right', render: (_: unknown, r) => actions(r, false) },
  ];
  // A phone: one card per node (name and code) with its steps beside it; no pinned column.
  const compactColumns: TableColumnsType<CategoryRow> = [
    {
      title: '分类',
      key: 'category',
      render: (_: unknown, r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="category-card">
          <Typography.Text strong ellipsis={{ tooltip: r.name }}>
            {r.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {r.code ?? '-'}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: '操作', key: 'actions', width: 84, render: (_: unknown, r) => actions(r, true) },
  ];
  const layout = useResponsiveColumns<CategoryRow>({ columns, compactColumns });
  const { compact } = layout;

  const applySearch = (values: { name?: string }) => {
    setExpanded([]);
    setParams((p) => ({ ...p, pageNo: 1, name: (values.name ?? '').trim() }));
  };

  return (
    <Flex vertical gap={16} ref={root} data-testid="category-admin-page">
      <Card size="small">
        <SearchForm
          form={search}
          onSearch={applySearch}
          onReset={() => {
            setExpanded([]);
            setParams((p) => ({ ...p, pageNo: 1, name: '' }));
          }}
        >
          <Form.Item label="分类名称" name="name">
            <Input placeholder="请输入分类名称" allowClear maxLength={CATEGORY_LIMITS.search} style={{ width: 200 }} />
          </Form.Item>
        </SearchForm>
      </Card>
      <Card
        size="small"
        title="分类字典"
        extra={
          <Authorized action={P.edit}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ kind: 'add', parent: null })}
              aria-label="新增"
              data-testid="category-add"
            >
              {compact ? null : '新增'}
            </Button>
          </Authorized>
        }
      >
        {failure ? (
          <LoadErrorAlert
            title="分类字典加载失败"
            error={failure}
            onRetry={() => {
              void roots.refetch();
              children.forEach((c) => void c.refetch());
            }}
            data-testid="category-error"
          />
        ) : null}
        <Table<CategoryRow>
          rowKey="key"
          size="middle"
          columns={layout.columns}
          dataSource={rows}
          loading={roots.isFetching || children.some((c) => c.isFetching && !c.data)}
          scroll={layout.scroll}
          expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }}
          pagination={{
            current: params.pageNo,
            pageSize: params.pageSize,
            total: roots.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: compact ? undefined : (total) => `共 ${total} 条`,
            simple: compact,
            onChange: (pageNo, pageSize) => {
              setExpanded([]);
              setParams((p) => ({ ...p, pageNo: pageSize === p.pageSize ? pageNo : 1, pageSize }));
            },
          }}
          locale={{
            emptyText: (
              <Typography.Text type="secondary">
                {roots.error ? '加载失败' : params.name ? '没有匹配的分类' : '暂无分类'}
              </Typography.Text>
            ),
          }}
          data-testid="category-table"
        />
      </Card>
      <CategoryFormDialog editing={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}
