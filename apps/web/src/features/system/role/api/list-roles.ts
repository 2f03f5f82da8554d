/** GET /sys/role/list: the roles, a page at a time, filtered by name and code (contract §2.8). */
import type { PickerRole } from '@houtai/shared/contract/pickers-rules';
import { listApi, type ListApi } from '../../../../lib/list-api.ts';
import { useListPage } from '../../../../widgets/list-page/use-list-page.ts';
import { ROLE_KEYS } from './role-keys.ts';

export type RoleRow = PickerRole;

export interface RoleFilters {
  roleName?: string;
  roleCode?: string;
}

/** The list's route: its key in the user's column settings. */
export const ROLE_LIST_PATH = '/isystem/roleUserList';

const ROLE_API: ListApi<RoleRow, RoleFilters> = listApi<RoleRow, RoleFilters>(
  { list: '/sys/role/list', delete: '/sys/role/delete', deleteBatch: '/sys/role/deleteBatch' },
  { loadFailed: '获取角色失败' },
);

/** The administration list: filters, 10 a page, rows ticked for 批量删除 when the caller may delete. */
export function useRoleTable(selectable: boolean) {
  return useListPage<RoleRow, RoleFilters>({
    api: ROLE_API,
    queryKey: ROLE_KEYS.list,
    selection: selectable ? 'page' : undefined,
  });
}
