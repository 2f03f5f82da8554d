/** GET /sys/sysDepart/queryTreeList: the whole tree of live departments (contract §2.9). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepartTreeModel } from '@houtai/shared/contract/admin-depart';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { DEPART_KEYS } from './depart-keys.ts';

export async function loadDepartTree(): Promise<DepartTreeModel[]> {
  return unwrapResult(await http.get<DepartTreeModel[]>('/sys/sysDepart/queryTreeList'), '加载部门失败', (r) =>
    Array.isArray(r),
  );
}

export const departTreeQuery = queryOptions({ queryKey: DEPART_KEYS.tree, queryFn: loadDepartTree });

export function useDepartTree() {
  return useQuery(departTreeQuery);
}
