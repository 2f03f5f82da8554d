/** GET /sys/permission/getPermRuleListByPermId: the data rules of one menu. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SysPermissionDataRule } from '@houtai/shared/contract/admin-menu';
import { http, unwrap } from '../../../../lib/http.ts';
import { MENU_KEYS } from './menu-keys.ts';

export async function listDataRules(permissionId: string): Promise<SysPermissionDataRule[]> {
  const res = await http.get<SysPermissionDataRule[] | null>('/sys/permission/getPermRuleListByPermId', {
    permissionId,
  });
  // A menu without rules may answer null.
  return unwrap(res, '获取数据规则失败') ?? [];
}

export const dataRulesQueryOptions = (permissionId: string) =>
  queryOptions({ queryKey: MENU_KEYS.rules(permissionId), queryFn: () => listDataRules(permissionId) });

export function useDataRules(permissionId: string | null) {
  return useQuery({ ...dataRulesQueryOptions(permissionId ?? ''), enabled: permissionId !== null });
}
