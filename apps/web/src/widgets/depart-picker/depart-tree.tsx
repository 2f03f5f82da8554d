/**
 * The department tree of the pickers: lazy (a level per expansion), searchable by name (the matches as a flat
 * list), single choice by selection or many by check boxes with the linked/strict check mode of the caller.
 * Deleted departments (delFlag '1') are left out unless `showDelDepart`, and cannot be chosen unless
 * `selectedDelDepart` (spec §4). It never fetches on its own: the caller gives the loaders (lib/api/pickers.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Empty, Input, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import type { DepartNode } from '@houtai/shared/contract/pickers-rules';

export interface DepartTreeLoaders {
  /** One level: children of pid, or the roots. Keep it stable. */
  children: (pid?: string) => Promise<DepartNode[]>;
  /** Departments whose name contains the keyword (flat). */
  search: (keyWord: string) => Promise<DepartNode[]>;
}

export interface DeletedDepartOptions {
  /** Show deleted departments (default: hidden). */
  showDelDepart?: boolean;
  /** Deleted departments can be chosen (default: disabled). */
  selectedDelDepart?: boolean;
}

export interface DepartTreeProps extends DeletedDepartOptions {
  loaders: DepartTreeLoaders;
  /** Check boxes (many); otherwise one department is selected. */
  checkable?: boolean;
  /** Check boxes independent of each other (strict) instead of linked parent and children. */
  checkStrictly?: boolean;
  /** Chosen department ids. */
  value: readonly string[];
  onChange: (ids: string[], nodes: DepartNode[]) => void;
  /** Height of the scrolling tree (virtual scrolling). Default 360. */
  height?: number;
  'data-testid'?: string;
}

type Node = TreeDataNode & { depart: DepartNode; children?: Node[] };

function visible(list: readonly DepartNode[], opts: DeletedDepartOptions): DepartNode[] {
  return opts.showDelDepart ? [...list] : list.filter((d) => d.delFlag !== '1');
}

function toNode(d: DepartNode, opts: DeletedDepartOptions, leaf?: boolean): Node {
  const deleted = d.delFlag === '1';
  const locked = deleted && !opts.selectedDelDepart;
  return {
    key: d.id,
    title: deleted ? `${d.departName}（已删除）` : d.departName,
    isLeaf: leaf ?? d.isLeaf,
    disabled: locked,
    disableCheckbox: locked,
    depart: d,
  };
}

function withChildren(nodes: Node[], key: string, children: Node[]): Node[] {
  return nodes.map((n) =>
    n.key === key ? { ...n, children } : n.children ? { ...n, children: withChildren(n.children, key, children) } : n,
  );
}

export function DepartTree({
  loaders,
  checkable = false,
  checkStrictly = false,
  value,
  onChange,
  height = 360,
  showDelDepart = false,
  selectedDelDepart = false,
  ...rest
}: DepartTreeProps) {
  const opts = { showDelDepart, selectedDelDepart };
  const [roots, setRoots] = useState<Node[]>([]);
  const [found, setFound] = useState<Node[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const known = useRef(new Map<string, DepartNode>());
  const remember = (list: readonly DepartNode[]) => {
    for (const d of list) known.current.set(d.id, d);
  };

  useEffect(() => {
    let live = true;
    loaders.children().then(
      (list) => {
        if (!live) return;
        remember(list);
        setRoots(visible(list, opts).map((d) => toNode(d, opts)));
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setError(e instanceof Error ? e.message : '加载部门失败');
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
    // The options are fixed for the life of a tree (a new opening mounts a new one).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaders]);

  const loadData = async (node: Node) => {
    if (node.children) return;
    const list = await loaders.children(String(node.key));
    remember(list);
    setRoots((old) =>
      withChildren(
        old,
        String(node.key),
        visible(list, opts).map((d) => toNode(d, opts)),
      ),
    );
  };

  const search = (keyword: string) => {
    const k = keyword.trim();
    if (!k) {
      setFound(null);
      return;
    }
    setLoading(true);
    loaders.search(k).then(
      (list) => {
        remember(list);
        setFound(visible(list, opts).map((d) => toNode(d, opts, true)));
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        setError(e instanceof Error ? e.message : '搜索部门失败');
        setLoading(false);
      },
    );
  };

  const emit = (keys: readonly React.Key[]) => {
    const ids = keys.map(String);
    onChange(
      ids,
      ids.map((id) => known.current.get(id)).filter((d): d is DepartNode => d !== undefined),
    );
  };

  const data = found ?? roots;
  return (
    <div data-testid={rest['data-testid']}>
      <Input.Search
        allowClear
        placeholder="请输入部门名称"
        aria-label="搜索部门"
        enterButton="搜索"
        onSearch={search}
        style={{ marginBottom: 8 }}
      />
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} /> : null}
      <Spin spinning={loading}>
        {data.length === 0 && !loading ? (
          <Empty description={found ? '未找到数据' : '暂无部门'} />
        ) : (
          <Tree<Node>
            treeData={data}
            height={height}
            blockNode
            {...(found ? {} : { loadData, expandedKeys: expanded, onExpand: (keys) => setExpanded(keys) })}
            checkable={checkable}
            checkStrictly={checkStrictly}
            selectable={!checkable}
            {...(checkable
              ? {
                  checkedKeys: [...value],
                  onCheck: (checked) => emit(Array.isArray(checked) ? checked : checked.checked),
                }
              : { selectedKeys: [...value], onSelect: (keys) => emit(keys) })}
          />
        )}
      </Spin>
      {found ? <Typography.Text type="secondary">搜索结果：{found.length} 个部门</Typography.Text> : null}
    </div>
  );
}
