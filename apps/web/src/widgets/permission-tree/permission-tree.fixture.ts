/** Test data of the permission tree (the drawer's, the role and department screens' tests). */
import type { PermissionTreeNode, PermissionTreeResult } from '@houtai/shared/contract/admin-role';

export function treeNode(
  key: string,
  title: string,
  menuType: number,
  children?: PermissionTreeNode[],
  ruleFlag = 0,
): PermissionTreeNode {
  const n: PermissionTreeNode = {
    key,
    title,
    slotTitle: title,
    isLeaf: !children?.length,
    icon: null,
    parentId: null,
    value: key,
    label: title,
    ruleFlag,
    scopedSlots: ruleFlag === 1 ? { title: 'hasDatarule' } : null,
    menuType,
    permsType: menuType === 2 ? '1' : null,
  };
  if (children?.length) n.children = children.map((c) => ({ ...c, parentId: key }));
  return n;
}

/** 系统管理 › 用户管理 (a button and a disable rule, data rules) and 角色管理; 首页. */
export const SAMPLE_TREE: PermissionTreeNode[] = [
  treeNode('sys', '系统管理', 0, [
    treeNode(
      'user',
      '用户管理',
      1,
      [treeNode('user-add', '添加用户', 2), { ...treeNode('user-del', '删除用户', 2), permsType: '2' }],
      1,
    ),
    treeNode('role', '角色管理', 1),
  ]),
  treeNode('home', '首页', 0),
];

export const SAMPLE_TREE_RESULT: PermissionTreeResult = {
  treeList: SAMPLE_TREE,
  ids: ['sys', 'user', 'user-add', 'user-del', 'role', 'home'],
};
