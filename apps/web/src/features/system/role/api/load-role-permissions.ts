/** GET /sys/permission/queryRolePermission?roleId: the permission ids the role holds. */
import { http, unwrapResult } from '../../../../lib/http.ts';

export async function loadRolePermissions(roleId: string): Promise<string[]> {
  return unwrapResult(
    await http.get<string[]>('/sys/permission/queryRolePermission', { roleId }),
    '获取角色权限失败',
    Array.isArray,
  );
}
