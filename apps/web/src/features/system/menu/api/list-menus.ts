/** GET /sys/permission/list: the whole menu tree (contract §2.8); with `name`, the matching nodes flat. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SysPermissionTree } from '@houtai/shared/contract/admin-menu';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { MENU_KEYS } from './menu-keys.ts';

export async function listMenus(name: string): Promise<SysPermissionTree[]> {
  const res = await http.get<SysPermissionTree[]>('/sys/permission/list', name ? { name } : {});
  return unwrapResult(res, '获取菜单失败', Array.isArray);
}

export const menuTreeQueryOptions = (name: string) =>
  queryOptions({ queryKey: MENU_KEYS.tree(name), queryFn: () => listMenus(name) });

export function useMenuTree(name: string) {
  return useQuery(menuTreeQueryOptions(name));
}
