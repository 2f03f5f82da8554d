/** GET /sys/sysDepart/searchBy?keyWord: departments whose name contains the keyword, flat (deleted ones dropped). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepartNode } from '@houtai/shared/contract/pickers-rules';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { DEPART_KEYS } from './depart-keys.ts';

export async function searchDepartsByName(keyWord: string): Promise<DepartNode[]> {
  const found = unwrapResult(
    await http.get<DepartNode[]>('/sys/sysDepart/searchBy', { keyWord }),
    '搜索部门失败',
    (r) => Array.isArray(r),
  );
  return found.filter((d) => d.delFlag !== '1');
}

export const departSearchQuery = (keyWord: string) =>
  queryOptions({
    queryKey: DEPART_KEYS.search(keyWord),
    queryFn: () => searchDepartsByName(keyWord),
    enabled: keyWord !== '',
  });

export function useDepartSearch(keyWord: string) {
  return useQuery(departSearchQuery(keyWord));
}
