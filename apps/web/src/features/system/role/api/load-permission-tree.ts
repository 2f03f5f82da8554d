/** GET /sys/role/queryTreeList: every menu, button and field rule as the grant tree. */
import type { PermissionTreeResult } from '@houtai/shared/contract/admin-role';
import { http, unwrapResult } from '../../../../lib/http.ts';

export async function loadPermissionTree(): Promise<PermissionTreeResult> {
  return unwrapResult(await http.get<PermissionTreeResult>('/sys/role/queryTreeList'), '获取权限树失败', (r) =>
    Array.isArray(r.treeList),
  );
}
