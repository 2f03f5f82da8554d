/**
 * 部门角色授权 (contract §2.9): the tree a department's role is granted from — only what the department holds
 * (GET /sys/sysDepartPermission/queryTreeListForDeptRole) —, the role's grants (queryDeptRolePermission) and the
 * diff-based save (POST saveDeptRolePermission).
 */
import type { PermissionTreeModel } from '@houtai/shared/contract/admin-depart';
import type { PermissionTreeResult } from '@houtai/shared/contract/admin-role';
import { http, unwrap, unwrapResult } from '../../../../lib/http.ts';

interface DeptRoleTree {
  treeList: PermissionTreeModel[];
  ids: string[];
}

export async function loadDeptRoleTree(departId: string): Promise<PermissionTreeResult> {
  const tree = unwrapResult(
    await http.get<DeptRoleTree>('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId }),
    '加载权限失败',
    (r) => Array.isArray(r.treeList),
  );
  return { treeList: tree.treeList, ids: tree.ids };
}

export async function loadDeptRolePermission(roleId: string): Promise<string[]> {
  return unwrapResult(
    await http.get<string[]>('/sys/sysDepartPermission/queryDeptRolePermission', { roleId }),
    '加载部门角色权限失败',
    (r) => Array.isArray(r),
  );
}

export async function saveDeptRolePermission(
  roleId: string,
  permissionIds: readonly string[],
  lastPermissionIds: readonly string[],
): Promise<string> {
  const res = await http.post<unknown>('/sys/sysDepartPermission/saveDeptRolePermission', {
    roleId,
    permissionIds: permissionIds.join(','),
    lastpermissionIds: lastPermissionIds.join(','),
  });
  unwrap(res, '保存失败');
  return res.message;
}
