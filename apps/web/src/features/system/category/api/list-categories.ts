/** GET /sys/category/rootList (the paged top level, or a name search over every level) and childList?pid. */
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { CategoryRecord } from '@houtai/shared/contract/category';
import type { Page } from '@houtai/shared/contract/common';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { CATEGORY_KEYS } from './category-keys.ts';

export interface CategoryRootParams {
  pageNo: number;
  pageSize: number;
  /** Contains, any level (the server searches the whole tree). */
  name?: string;
}

export async function listCategoryRoots(params: CategoryRootParams): Promise<Page<CategoryRecord>> {
  const query: Record<string, string | number> = { pageNo: params.pageNo, pageSize: params.pageSize };
  if (params.name) query.name = params.name;
  return unwrapResult(await http.get<Page<CategoryRecord>>('/sys/category/rootList', query), '获取分类字典失败', (p) =>
    Array.isArray(p.records),
  );
}

export async function listCategoryChildren(pid: string): Promise<CategoryRecord[]> {
  return unwrapResult(await http.get<CategoryRecord[]>('/sys/category/childList', { pid }), '获取下级分类失败', (r) =>
    Array.isArray(r),
  );
}

export function useCategoryRoots(params: CategoryRootParams) {
  return useQuery({
    queryKey: CATEGORY_KEYS.roots(params),
    queryFn: () => listCategoryRoots(params),
    placeholderData: keepPreviousData,
  });
}

/** The children of every expanded category, each loaded once and again after a write. */
export function useCategoryChildren(pids: readonly string[]) {
  return useQueries({
    queries: pids.map((pid) => ({ queryKey: CATEGORY_KEYS.children(pid), queryFn: () => listCategoryChildren(pid) })),
  });
}
