/**
 * The left side of 部门管理: the whole department tree (queryTreeList), a name search (searchBy, its matches as a
 * flat list), and 新增 / 添加下级 / 删除 for holders of the codes. Selecting a department shows it on the right.
 */
import { useMemo, useState } from 'react';
import { Button, Empty, Flex, Grid, Input, Popconfirm, Spin, Tree, type TreeDataNode } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import type { DepartTreeModel } from '@houtai/shared/contract/admin-depart';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { Authorized } from '../../../lib/permissions/index.ts';
import { useDepartSearch } from './api/search-departs.ts';

export interface DepartTreePanelProps {
  tree: readonly DepartTreeModel[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  selected: DepartTreeModel | undefined;
  onSelect: (id: string | null) => void;
  expanded: string[];
  onExpand: (keys: string[]) => void;
  onAdd: (parent: DepartTreeModel | null) => void;
  onDelete: (depart: DepartTreeModel) => Promise<unknown>;
}

function toTreeData(nodes: readonly DepartTreeModel[] | null): TreeDataNode[] {
  return (nodes ?? []).map((n) => ({
    key: n.id,
    title: n.departName,
    isLeaf: !n.children?.length,
    children: n.children?.length ? toTreeData(n.children) : undefined,
  }));
}

export function DepartTreePanel(props: DepartTreePanelProps) {
  const { tree, loading, error, onRetry, selected, onSelect, expanded, onExpand, onAdd, onDelete } = props;
  const screens = Grid.useBreakpoint();
  const [keyWord, setKeyWord] = useState('');
  const search = useDepartSearch(keyWord);
  const treeData = useMemo(() => toTreeData(tree ?? null), [tree]);
  const found: TreeDataNode[] = useMemo(
    () => (search.data ?? []).map((d) => ({ key: d.id, title: d.departName, isLeaf: true })),
    [search.data],
  );
  const searching = keyWord !== '';
  const failure = searching ? search.error : error;

  const body = () => {
    if (failure) {
      return (
        <LoadErrorAlert
          title={searching ? '搜索部门失败' : '部门加载失败'}
          error={failure}
          onRetry={searching ? () => void search.refetch() : onRetry}
        />
      );
    }
    if (searching ? search.isLoading : loading) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
    const data = searching ? found : treeData;
    if (data.length === 0) {
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searching ? '没有匹配的部门' : '暂无部门'} />;
    }
    return (
      <Tree
        blockNode
        showLine
        treeData={data}
        selectedKeys={selected ? [selected.id] : []}
        expandedKeys={searching ? [] : expanded}
        onExpand={(keys) => onExpand(keys.map(String))}
        onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : null)}
        data-testid="depart-tree"
      />
    );
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Authorized action={ADMIN_PERMISSIONS.depart.add}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => onAdd(null)}>
            新增
          </Button>
          <Button icon={<PlusOutlined />} disabled={!selected} onClick={() => selected && onAdd(selected)}>
            添加下级
          </Button>
        </Authorized>
        <Authorized action={ADMIN_PERMISSIONS.depart.delete}>
          <Popconfirm
            title={selected ? `确定删除部门“${selected.departName}”吗?` : ''}
            disabled={!selected}
            onConfirm={() => (selected ? onDelete(selected) : undefined)}
          >
            <Button danger icon={<DeleteOutlined />} disabled={!selected}>
              删除
            </Button>
          </Popconfirm>
        </Authorized>
      </Flex>
      <Input.Search
        aria-label="按名称搜索部门"
        placeholder="按名称搜索部门"
        allowClear
        onSearch={(v) => setKeyWord(v.trim())}
      />
      {/* On a phone the tree stacks above the details: it keeps to a shorter box. */}
      <div style={{ maxHeight: screens.md ? 560 : 300, overflow: 'auto' }}>{body()}</div>
    </Flex>
  );
}
