/**
 * 部门权限 (contract §2.8): the whole permission tree (GET /sys/role/queryTreeList, the path the Vue 2 client's
 * department drawer reads too), the ids a department holds (GET /sys/permission/queryDepartPermission) and the
 * diff-based save (POST /sys/permission/saveDepartPermission). The loaders feed the shared PermissionTreeDrawer.
 */
import type { PermissionTreeResult } from '@houtai/shared/contract/admin-role';
import { http, unwrap, unwrapResult } from '../../../../lib/http.ts';

const isTree = (r: PermissionTreeResult) => Array.isArray(r.treeList);

export async function loadPermissionTree(): Promise<PermissionTreeResult> {
  return unwrapResult(await http.get<PermissionTreeResult>('/sys/role/queryTreeList'), '加载权限失败', isTree);
}

export async function loadDepartPermission(departId: string): Promise<string[]> {
  return unwrapResult(
    await http.get<string[]>('/sys/permission/queryDepartPermission', { departId }),
    '加载部门权限失败',
    (r) => Array.isArray(r),
  );
}

/** Ticked now and ticked when loaded, as comma text (JeecgBoot's wire form); the server diffs them. */
export async function saveDepartPermission(
  departId: string,
  permissionIds: readonly string[],
  lastPermissionIds: readonly string[],
): Promise<string> {
  const res = await http.post<unknown>('/sys/permission/saveDepartPermission', {
    departId,
    permissionIds: permissionIds.join(','),
    lastpermissionIds: lastPermissionIds.join(','),
  });
  unwrap(res, '保存失败');
  return res.message;
}
