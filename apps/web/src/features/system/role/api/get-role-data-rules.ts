/** GET /sys/role/datarule/{permissionId}/{roleId}: a menu's data rules and those the role has chosen. */
import type { RoleDataRuleResult } from '@houtai/shared/contract/admin-menu';
import { http, unwrapResult } from '../../../../lib/http.ts';

export async function getRoleDataRules(permissionId: string, roleId: string): Promise<RoleDataRuleResult> {
  const url = `/sys/role/datarule/${encodeURIComponent(permissionId)}/${encodeURIComponent(roleId)}`;
  return unwrapResult(await http.get<RoleDataRuleResult>(url), '获取数据规则失败', (r) => Array.isArray(r.datarule));
}
