/**
 * The choices of the user form and search: roles (GET /sys/role/queryall, which the user codes may read), the
 * department picker's loaders, positions by code and settlement organisations by id (table dictionaries; the
 * stored values are sys_position.code and settlement_org.id).
 */
import { useQuery } from '@tanstack/react-query';
import type { RoleRecord } from '@houtai/shared/contract/admin-role';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { loadDepartChildren, loadDepartsByKeys, searchDeparts } from '../../../../lib/api/pickers.ts';
import { tableDictLoader } from '../../../../lib/dict/table-dict.ts';
import type { DepartPickerLoaders } from '../../../../widgets/depart-picker/depart-picker.tsx';
import { USER_KEYS } from './user-keys.ts';

export async function listAllRoles(): Promise<RoleRecord[]> {
  return unwrapResult(await http.get<RoleRecord[]>('/sys/role/queryall'), '加载角色失败', Array.isArray);
}

/** The roles as select options (only while the dialog is open). */
export function useRoleOptions(enabled: boolean) {
  return useQuery({
    queryKey: USER_KEYS.roles,
    queryFn: listAllRoles,
    enabled,
    retry: false,
    select: (roles) => roles.map((r) => ({ value: r.id, label: r.roleName })),
  });
}

export const DEPART_LOADERS: DepartPickerLoaders = {
  children: (pid) => loadDepartChildren(pid),
  search: searchDeparts,
  byKeys: loadDepartsByKeys,
};

export const POSITION_OPTIONS = tableDictLoader('sys_position,name,code');
export const SETTLEMENT_ORG_OPTIONS = tableDictLoader('settlement_org,name,id');
