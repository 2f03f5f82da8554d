import { describe, expect, it } from 'vitest';
import type { SysPermissionTree } from '@houtai/shared/contract/admin-menu';
import { expandableKeys, parentNodes, toRows } from './menu-tree.ts';

function node(id: string, menuType: number, children: SysPermissionTree[] | null = null): SysPermissionTree {
  return { id, key: id, title: id, name: id, menuType, children } as SysPermissionTree;
}

const tree = [node('sys', 0, [node('user', 1, [node('user-add', 2)]), node('role', 1, [])]), node('home', 0)];

describe('the menu tree helpers', () => {
  it('keeps children only on nodes that have some', () => {
    const rows = toRows(tree);
    expect(rows[0]!.children?.map((r) => r.id)).toEqual(['user', 'role']);
    expect('children' in rows[0]!.children![1]!).toBe(false);
    expect('children' in rows[1]!).toBe(false);
  });

  it('expands every node with children', () => {
    expect(expandableKeys(toRows(tree))).toEqual(['sys', 'user']);
  });

  it('offers menus but no buttons as parents, and never the node itself or its descendants', () => {
    const rows = toRows(tree);
    expect(parentNodes(rows, null)).toEqual([
      {
        value: 'sys',
        title: 'sys',
        children: [
          { value: 'user', title: 'user' },
          { value: 'role', title: 'role' },
        ],
      },
      { value: 'home', title: 'home' },
    ]);
    expect(parentNodes(rows, 'sys')).toEqual([{ value: 'home', title: 'home' }]);
  });
});
