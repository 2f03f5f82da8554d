/**
 * 菜单管理 (/isystem/newPermissionList): the menu tree as a tree table — menus, sub-menus and their buttons —
 * with 展开全部 / 折叠全部, a name search (matching nodes flat, as the server answers it), and per node 编辑,
 * 添加下级, 数据规则 (menus) and 删除 (with its descendants). Buttons follow the caller's permission codes; the
 * server checks them again and pushes permission changes to the signed-in users.
 */
import { useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import {
  Button,
  Card,
  Flex,
  Form,
  Input,
  Popconfirm,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { MENU_LIMITS } from '@houtai/shared/contract/admin-menu';
import { useFeedback } from '../../../lib/feedback.ts';
import { useFocusableTableScroll } from '../../../lib/focusable-table-scroll.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { menuIcon } from '../../../lib/menu-icons.tsx';
import { Authorized } from '../../../lib/permissions/index.ts';
import { useResponsiveColumns, type FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { useDeleteMenu } from './api/delete-menu.ts';
import { useMenuTree } from './api/list-menus.ts';
import { DataRuleDialog } from './data-rule-dialog.tsx';
import { MENU_TYPE_COLOR, MENU_TYPE_LABEL, STATUS_LABEL, menuTypeOf } from './labels.ts';
import { MenuFormDialog, type MenuEditing } from './menu-form-dialog.tsx';
import { expandableKeys, toRows, type MenuRow } from './menu-tree.ts';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';

const M = ADMIN_PERMISSIONS.menu;
/** A node with children goes with them: the confirmation says so. */
const CONFIRM_DELETE_TREE = '删除菜单将同时删除其下级菜单和按钮，确定删除吗?';

export function MenuAdminPage() {
  const { message } = useFeedback();
  const [search] = Form.useForm<{ name?: string }>();
  const [name, setName] = useState('');
  const tree = useMenuTree(name);
  const rows = useMemo(() => toRows(tree.data ?? []), [tree.data]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [editing, setEditing] = useState<MenuEditing | null>(null);
  const [rulesOf, setRulesOf] = useState<MenuRow | null>(null);
  const remove = useFormSubmit({
    mutation: useDeleteMenu(),
    onSuccess: (text: string) => void message.success(text),
  });
  const root = useRef<HTMLDivElement>(null);
  useFocusableTableScroll(root, '菜单表格');

  const typeTag = (r: MenuRow) => {
    const type = menuTypeOf(r.menuType);
    return <Tag color={MENU_TYPE_COLOR[type]}>{MENU_TYPE_LABEL[type]}</Tag>;
  };
  const statusTag = (r: MenuRow) => (
    <Tag color={r.status === '0' ? 'default' : 'green'}>{STATUS_LABEL[r.status] ?? r.status}</Tag>
  );

  const actions = (r: MenuRow, vertical: boolean) => {
    const style = vertical ? { padding: 0, height: 'auto' } : { paddingInline: 4 };
    const isMenu = r.menuType !== 2;
    return (
      <Space size={4} wrap={false} orientation={vertical ? 'vertical' : 'horizontal'}>
        <Authorized action={M.edit}>
          <Button
            type="link"
            size="small"
            style={style}
            onClick={() => setEditing({ kind: 'edit', record: r })}
            data-testid={`menu-edit-${r.id}`}
          >
            编辑
          </Button>
        </Authorized>
        {isMenu && (
          <Authorized action={M.add}>
            <Button
              type="link"
              size="small"
              style={style}
              onClick={() => setEditing({ kind: 'add', parent: r })}
              data-testid={`menu-add-child-${r.id}`}
            >
              添加下级
            </Button>
          </Authorized>
        )}
        {isMenu && (
          <Authorized action={M.rule}>
            <Button
              type="link"
              size="small"
              style={style}
              onClick={() => setRulesOf(r)}
              data-testid={`menu-rules-${r.id}`}
            >
              数据规则
            </Button>
          </Authorized>
        )}
        <Authorized action={M.delete}>
          <Popconfirm
            title={r.children ? CONFIRM_DELETE_TREE : LIST_PAGE_TEXT.confirmDeleteOne}
            onConfirm={() => remove.submit(r.id)}
          >
            <Button type="link" size="small" style={style} danger data-testid={`menu-delete-${r.id}`}>
              删除
            </Button>
          </Popconfirm>
        </Authorized>
      </Space>
    );
  };

  const muted = (v: string | null) =>
    v ? (
      <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: '100%' }}>
        {v}
      </Typography.Text>
    ) : (
      '-'
    );

  const columns: FitColumn<MenuRow>[] = [
    {
      title: '菜单名称',
      dataIndex: 'name',
      minWidth: 220,
      ellipsis: { showTitle: false },
      render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text>,
    },
    { title: '菜单类型', dataIndex: 'menuType', width: 96, render: (_: number, r) => typeTag(r) },
    {
      title: '图标',
      dataIndex: 'icon',
      width: 64,
      align: 'center',
      render: (v: string | null) =>
        v ? <Tooltip title={v}>{menuIcon(v) ?? <Typography.Text code>{v}</Typography.Text>}</Tooltip> : '-',
    },
    { title: '组件', dataIndex: 'component', width: 220, from: 'lg', ellipsis: { showTitle: false }, render: muted },
    { title: '路径', dataIndex: 'url', width: 220, from: 'xl', ellipsis: { showTitle: false }, render: muted },
    { title: '排序', dataIndex: 'sortNo', width: 64, align: 'right' },
    { title: '状态', dataIndex: 'status', width: 72, render: (_: string, r) => statusTag(r) },
    { title: '操作', key: 'actions', width: 236, fixed: 'right', render: (_: unknown, r) => actions(r, false) },
  ];
  // A phone: one card per node — name, type, status, path and component — with its steps beside it.
  const compactColumns: TableColumnsType<MenuRow> = [
    {
      title: '菜单',
      key: 'menu',
      render: (_: unknown, r) => (
        <Flex vertical gap={4} style={{ minWidth: 0 }} data-testid="menu-card">
          <Flex align="center" gap={6} style={{ minWidth: 0 }}>
            {menuIcon(r.icon)}
            <Typography.Text strong ellipsis={{ tooltip: r.name }}>
              {r.name}
            </Typography.Text>
          </Flex>
          <Flex gap={4} wrap>
            {typeTag(r)}
            {statusTag(r)}
          </Flex>
          {r.url ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
              {r.url}
            </Typography.Text>
          ) : null}
          {r.menuType === 2 && r.perms ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
              {r.perms}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: '操作', key: 'actions', width: 84, render: (_: unknown, r) => actions(r, true) },
  ];
  const layout = useResponsiveColumns<MenuRow>({ columns, compactColumns });
  const { compact } = layout;

  const applySearch = (values: { name?: string }) => setName((values.name ?? '').trim());

  const iconButton = (label: string, icon: ReactNode, onClick: () => void, testId: string) => (
    <Button icon={icon} onClick={onClick} aria-label={label} title={label} data-testid={testId}>
      {compact ? null : label}
    </Button>
  );

  return (
    <Flex vertical gap={16} ref={root} data-testid="menu-admin-page">
      <Card size="small">
        <SearchForm form={search} onSearch={applySearch} onReset={() => setName('')}>
          <Form.Item label="菜单名称" name="name">
            <Input placeholder="请输入菜单名称" allowClear maxLength={MENU_LIMITS.name} style={{ width: 200 }} />
          </Form.Item>
        </SearchForm>
      </Card>
      <Card
        size="small"
        title="菜单管理"
        extra={
          <Space wrap>
            <Authorized action={M.add}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ kind: 'add', parent: null })}
                aria-label="新增"
                data-testid="menu-add"
              >
                {compact ? null : '新增'}
              </Button>
            </Authorized>
            {iconButton('展开全部', <NodeExpandOutlined />, () => setExpanded(expandableKeys(rows)), 'menu-expand-all')}
            {iconButton('折叠全部', <NodeCollapseOutlined />, () => setExpanded([]), 'menu-collapse-all')}
          </Space>
        }
      >
        {tree.error ? (
          <LoadErrorAlert
            title="菜单加载失败"
            error={tree.error}
            onRetry={() => void tree.refetch()}
            data-testid="menu-error"
          />
        ) : null}
        <Table<MenuRow>
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
                {tree.error ? '加载失败' : name ? '没有匹配的菜单' : '暂无菜单'}
              </Typography.Text>
            ),
          }}
          data-testid="menu-table"
        />
      </Card>
      <MenuFormDialog editing={editing} rows={rows} onClose={() => setEditing(null)} />
      <DataRuleDialog menu={rulesOf} onClose={() => setRulesOf(null)} />
    </Flex>
  );
}
