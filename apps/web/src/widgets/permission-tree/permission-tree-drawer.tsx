/**
 * The permission-tree drawer of 角色授权 and 部门权限 (contract §2.8): the whole menu/button tree with the granted
 * ids ticked, a toolbar (全部勾选 / 取消全选 / 展开所有 / 合拢所有 / 父子关联), a search box, and 仅保存 /
 * 保存并关闭, which send the ids ticked now with those ticked when loaded (the server diffs). Parents can be ticked
 * alone (JeecgBoot's 层级独立) unless 父子关联 is on. It never fetches on its own: the screen passes the loaders.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Drawer, Empty, Flex, Grid, Input, Space, Spin, Switch, Tag, Tree, Typography, theme } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { SearchOutlined } from '@ant-design/icons';
import type { PermissionTreeNode, PermissionTreeResult } from '@houtai/shared/contract/admin-role';
import { failureText } from '../../lib/failure-text.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { LoadErrorAlert } from '../../lib/load-error-alert.tsx';
import {
  MENU_TYPE_BUTTON,
  filterTree,
  indexTree,
  isLeafMenu,
  toggleKey,
  type PermissionTreeIndex,
} from './permission-tree-model.ts';

export const PERMISSION_TREE_DRAWER_WIDTH = 650;
export const PERMISSION_TREE_SAVED = '保存成功！';

/** What `renderNodeExtra` is given: the node's key and title, and whether the menu has data rules. */
export interface PermissionTreeExtraNode {
  key: string;
  title: string;
  /** 1 when the menu has data rules. */
  ruleFlag: number;
}

export interface PermissionTreeDrawerProps {
  open: boolean;
  /** Drawer title, e.g. '角色权限配置' or '部门权限配置'. */
  title: string;
  /** The whole menu/button tree (queryTreeList answer). */
  loadTree: () => Promise<PermissionTreeResult>;
  /** The ids granted now. */
  loadChecked: () => Promise<string[]>;
  /** Saves: ticked now and ticked when loaded (the server diffs). Resolves with the server's message. */
  save: (permissionIds: string[], lastPermissionIds: string[]) => Promise<string>;
  onClose: () => void;
  /** Optional: per-node extra button (e.g. 数据规则) shown for leaf menus. */
  renderNodeExtra?: (node: PermissionTreeExtraNode) => ReactNode;
}

interface Loaded {
  tree: PermissionTreeResult;
  index: PermissionTreeIndex;
}

type LoadState = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; data: Loaded };

const asError = (e: unknown) => (e instanceof Error ? e : new Error(failureText(e) ?? '加载失败'));

export function PermissionTreeDrawer(props: PermissionTreeDrawerProps): React.JSX.Element {
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Drawer
      title={props.title}
      placement="right"
      size={phone ? '100%' : PERMISSION_TREE_DRAWER_WIDTH}
      open={props.open}
      onClose={props.onClose}
      // Mounted per opening: every opening loads the tree and the grants afresh.
      destroyOnHidden
      styles={{ body: { display: 'flex', flexDirection: 'column', paddingBottom: 0 } }}
      data-testid="permission-tree-drawer"
    >
      <PermissionTreePanel {...props} />
    </Drawer>
  );
}

/** The drawer's content: toolbar, search, tree and the save buttons. */
function PermissionTreePanel(props: PermissionTreeDrawerProps) {
  const { onClose, renderNodeExtra } = props;
  const { message } = useFeedback();
  const token = theme.useToken().token;
  const switchId = useId();

  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [checked, setChecked] = useState<string[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [linked, setLinked] = useState(false);
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState<'save' | 'close' | null>(null);
  const [attempt, setAttempt] = useState(0);

  // The loaders are the screen's closures (new each render): the latest is called, only on opening and 重试.
  const loaders = useRef(props);
  useEffect(() => {
    loaders.current = props;
  });

  useEffect(() => {
    let current = true;
    Promise.all([loaders.current.loadTree(), loaders.current.loadChecked()]).then(
      ([tree, granted]) => {
        if (!current) return;
        const index = indexTree(tree.treeList);
        // Ids of permissions no longer in the tree cannot be shown; the server ignores them too.
        const ticked = [...new Set(granted)].filter((id) => index.nodes.has(id));
        setLoad({ status: 'ready', data: { tree, index } });
        setChecked(ticked);
        setLast(ticked);
        setExpanded(index.branchKeys);
      },
      (e: unknown) => {
        if (current) setLoad({ status: 'error', error: asError(e) });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const data = load.status === 'ready' ? load.data : null;
  const filtered = useMemo(() => (data ? filterTree(data.tree.treeList, search) : null), [data, search]);

  const onSearch = (text: string) => {
    setSearch(text);
    if (!data) return;
    const opened = filterTree(data.tree.treeList, text).expandKeys;
    if (opened.length > 0) setExpanded((old) => [...new Set([...old, ...opened])]);
  };

  const renderTitle = useCallback(
    (node: PermissionTreeNode): ReactNode => (
      <Flex component="span" align="center" gap={6} wrap style={{ display: 'inline-flex' }}>
        <span data-testid="permission-tree-title">{node.title}</span>
        {node.menuType === MENU_TYPE_BUTTON && (
          <Tag variant="filled" color={node.permsType === '2' ? 'volcano' : 'geekblue'} style={{ marginInlineEnd: 0 }}>
            {node.permsType === '2' ? '禁用规则' : '按钮/权限'}
          </Tag>
        )}
        {renderNodeExtra && isLeafMenu(node) ? (
          // A click on the extra must not tick the node (a title click ticks it).
          <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()} role="presentation">
            {renderNodeExtra({ key: node.key, title: node.title, ruleFlag: node.ruleFlag })}
          </span>
        ) : null}
      </Flex>
    ),
    [renderNodeExtra],
  );

  const treeData = useMemo(() => {
    const toData = (list: readonly PermissionTreeNode[]): DataNode[] =>
      list.map((node) => {
        const kids = node.children ?? [];
        return {
          key: node.key,
          title: renderTitle(node),
          isLeaf: kids.length === 0,
          ...(kids.length > 0 ? { children: toData(kids) } : {}),
        };
      });
    return filtered ? toData(filtered.tree) : [];
  }, [filtered, renderTitle]);

  const runSave = async (close: boolean) => {
    if (!data || saving) return;
    setSaving(close ? 'close' : 'save');
    const ticked = [...checked];
    try {
      const text = await props.save(ticked, [...last]);
      void message.success(text || PERMISSION_TREE_SAVED);
      // The next 仅保存 diffs against what was just saved.
      setLast(ticked);
      if (close) onClose();
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    } finally {
      setSaving(null);
    }
  };

  const ready = data !== null;
  const toolbar = (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      <Flex align="center" gap={8} wrap>
        <Space size={4} wrap>
          <Button size="small" disabled={!ready} onClick={() => data && setChecked([...data.index.keys])}>
            全部勾选
          </Button>
          <Button size="small" disabled={!ready} onClick={() => setChecked([])}>
            取消全选
          </Button>
          <Button size="small" disabled={!ready} onClick={() => data && setExpanded([...data.index.branchKeys])}>
            展开所有
          </Button>
          <Button size="small" disabled={!ready} onClick={() => setExpanded([])}>
            合拢所有
          </Button>
        </Space>
        <Flex align="center" gap={6}>
          <Switch
            id={switchId}
            size="small"
            checked={linked}
            onChange={setLinked}
            data-testid="permission-tree-linked"
          />
          <label htmlFor={switchId}>父子关联</label>
        </Flex>
      </Flex>
      <Input
        aria-label="搜索菜单"
        placeholder="搜索菜单或按钮"
        prefix={<SearchOutlined aria-hidden />}
        allowClear
        value={search}
        disabled={!ready}
        onChange={(e) => onSearch(e.target.value)}
        data-testid="permission-tree-search"
      />
    </Flex>
  );

  let body: ReactNode;
  if (load.status === 'loading') {
    body = (
      <Flex justify="center" style={{ padding: 48 }} data-testid="permission-tree-loading">
        <Spin description="加载中…" />
      </Flex>
    );
  } else if (load.status === 'error') {
    body = (
      <LoadErrorAlert
        title="权限树加载失败"
        error={load.error}
        onRetry={() => {
          setLoad({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
        data-testid="permission-tree-error"
      />
    );
  } else if (load.data.tree.treeList.length === 0) {
    body = <Empty description="暂无菜单权限" data-testid="permission-tree-empty" />;
  } else if (treeData.length === 0) {
    body = <Empty description="没有匹配的菜单" data-testid="permission-tree-no-match" />;
  } else {
    body = (
      <Tree
        checkable
        checkStrictly
        selectable={false}
        blockNode
        treeData={treeData}
        checkedKeys={{ checked, halfChecked: [] }}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        onCheck={(_keys, info) => {
          if (!data) return;
          setChecked((old) => toggleKey(data.index, old, String(info.node.key), info.checked, linked));
        }}
        data-testid="permission-tree"
      />
    );
  }

  return (
    <>
      {toolbar}
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>{body}</div>
      <Flex
        justify="space-between"
        align="center"
        gap={8}
        wrap
        style={{
          position: 'sticky',
          bottom: 0,
          padding: '12px 0',
          marginTop: 12,
          borderTop: `1px solid ${token.colorSplit}`,
          background: token.colorBgElevated,
        }}
      >
        <Typography.Text type="secondary" data-testid="permission-tree-count">
          {data ? `已选 ${checked.length} / ${data.index.keys.length}` : ''}
        </Typography.Text>
        <Space wrap>
          <Button onClick={onClose}>取消</Button>
          <Button
            disabled={!ready || saving === 'close'}
            loading={saving === 'save'}
            onClick={() => void runSave(false)}
          >
            仅保存
          </Button>
          <Button
            type="primary"
            disabled={!ready || saving === 'save'}
            loading={saving === 'close'}
            onClick={() => void runSave(true)}
          >
            保存并关闭
          </Button>
        </Space>
      </Flex>
    </>
  );
}
