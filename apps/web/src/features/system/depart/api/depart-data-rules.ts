/**
 * 数据规则 of the department's grants and of its roles' (contract §2.9 "datarule endpoints"): GET/POST
 * /sys/sysDepartPermission/datarule — the rules chosen for the department on a menu, which its roles may choose
 * among — and GET/POST /sys/sysDepartRole/datarule — a department role's. Saves send the chosen ids as comma text.
 */
import type { RoleDataRuleResult } from '@houtai/shared/contract/admin-menu';
import { http, unwrap, unwrapResult } from '../../../../lib/http.ts';

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');
const isResult = (r: RoleDataRuleResult) => Array.isArray(r.datarule);

export async function loadDepartDataRules(permissionId: string, departId: string): Promise<RoleDataRuleResult> {
  const url = `/sys/sysDepartPermission/datarule/${path(permissionId, departId)}`;
  return unwrapResult(await http.get<RoleDataRuleResult>(url), '获取数据规则失败', isResult);
}

export async function saveDepartDataRules(
  permissionId: string,
  departId: string,
  ruleIds: readonly string[],
): Promise<string> {
  const res = await http.post<unknown>('/sys/sysDepartPermission/datarule', {
    permissionId,
    departId,
    dataRuleIds: ruleIds.join(','),
  });
  unwrap(res, '保存失败');
  return res.message;
}

export async function loadDeptRoleDataRules(
  permissionId: string,
  departId: string,
  roleId: string,
): Promise<RoleDataRuleResult> {
  const url = `/sys/sysDepartRole/datarule/${path(permissionId, departId, roleId)}`;
  return unwrapResult(await http.get<RoleDataRuleResult>(url), '获取数据规则失败', isResult);
}

export async function saveDeptRoleDataRules(
  permissionId: string,
  departId: string,
  roleId: string,
  ruleIds: readonly string[],
): Promise<string> {
  const res = await http.post<unknown>('/sys/sysDepartRole/datarule', {
    permissionId,
    departId,
    roleId,
    dataRuleIds: ruleIds.join(','),
  });
  unwrap(res, '保存失败');
  return res.message;
}
