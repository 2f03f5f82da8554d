/** GET /voucher/accSubject/list: the whole chart as a tree, filtered by keyword (code or name) and status. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SUBJECT_PATHS, type SubjectTreeNode } from '@houtai/shared/contract/accounting-subject';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { SUBJECT_KEYS } from './subject-keys.ts';

export interface SubjectFilters {
  keyword?: string | undefined;
  status?: string | undefined;
}

export async function listSubjects(filters: SubjectFilters): Promise<SubjectTreeNode[]> {
  const params: Record<string, string> = {};
  if (filters.keyword) params.keyword = filters.keyword;
  if (filters.status) params.status = filters.status;
  return unwrapResult(await http.get<SubjectTreeNode[]>(SUBJECT_PATHS.list, params), '获取会计科目失败', Array.isArray);
}

export const subjectTreeQueryOptions = (filters: SubjectFilters) =>
  queryOptions({
    queryKey: SUBJECT_KEYS.tree(filters.keyword ?? '', filters.status ?? ''),
    queryFn: () => listSubjects(filters),
    placeholderData: keepPreviousData,
  });

export function useSubjectTree(filters: SubjectFilters) {
  return useQuery(subjectTreeQueryOptions(filters));
}
