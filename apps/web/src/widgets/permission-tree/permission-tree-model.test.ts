import { describe, expect, it } from 'vitest';
import { ancestorKeys, descendantKeys, filterTree, indexTree, isLeafMenu, toggleKey } from './permission-tree-model.ts';
import { SAMPLE_TREE } from './permission-tree.fixture.ts';

const TREE = SAMPLE_TREE;

describe('the permission tree rules', () => {
  const index = indexTree(TREE);

  it('indexes keys in tree order, the branches, parents and children', () => {
    expect(index.keys).toEqual(['sys', 'user', 'user-add', 'user-del', 'role', 'home']);
    expect(index.branchKeys).toEqual(['sys', 'user']);
    expect(ancestorKeys(index, 'user-add')).toEqual(['user', 'sys']);
    expect(descendantKeys(index, 'sys')).toEqual(['user', 'user-add', 'user-del', 'role']);
  });

  it('without linkage a parent is ticked and unticked alone', () => {
    expect(toggleKey(index, [], 'sys', true, false)).toEqual(['sys']);
    expect(toggleKey(index, ['sys', 'user'], 'sys', false, false)).toEqual(['user']);
  });

  it('with linkage ticking takes the descendants and the menus above; unticking drops the subtree only', () => {
    expect(toggleKey(index, [], 'user', true, true).sort()).toEqual(['sys', 'user', 'user-add', 'user-del'].sort());
    expect(toggleKey(index, ['sys', 'user', 'user-add', 'role'], 'user', false, true)).toEqual(['sys', 'role']);
  });

  it('a leaf menu is a menu with no child menus', () => {
    expect(isLeafMenu(TREE[0]!)).toBe(false);
    expect(isLeafMenu(TREE[0]!.children![0]!)).toBe(true);
    expect(isLeafMenu(TREE[0]!.children![0]!.children![0]!)).toBe(false);
  });

  it('search keeps the matches with the menus above them and everything below them', () => {
    const { tree, expandKeys } = filterTree(TREE, '用户');
    expect(tree.map((n) => n.key)).toEqual(['sys']);
    expect(tree[0]!.children!.map((n) => n.key)).toEqual(['user']);
    expect(tree[0]!.children![0]!.children).toHaveLength(2);
    expect(expandKeys).toEqual(['sys']);
    expect(filterTree(TREE, '  ').tree).toHaveLength(2);
    expect(filterTree(TREE, '不存在').tree).toEqual([]);
  });
});
