/** POST /sys/role/datarule {permissionId, roleId, dataRuleIds: 'a,b'}: the role's rules on a menu (empty clears). */
import { http, unwrap } from '../../../../lib/http.ts';

export async function saveRoleDataRules(permissionId: string, roleId: string, ruleIds: readonly string[]) {
  const res = await http.post<unknown>('/sys/role/datarule', { permissionId, roleId, dataRuleIds: ruleIds.join(',') });
  unwrap(res, '保存失败');
  return res.message;
}
