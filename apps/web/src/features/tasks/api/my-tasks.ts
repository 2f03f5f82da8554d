/** GET /task/asyncTask/list/mine: the signed-in user's async tasks, a page at a time (spec §7, §9). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '@houtai/shared/contract/common';
import { http } from '../../../lib/http.ts';

/** One async task (spec §3). duration is in milliseconds. */
export interface AsyncTaskRecord {
  id: string;
  title: string;
  startTime?: string | null;
  endTime?: string | null;
  status: string;
  status_dictText?: string | null;
  duration?: number | null;
  content?: string | null;
  createTime?: string | null;
  downloadUrl?: string | null;
  /** Percent done while running. */
  progress?: number | null;
}

export interface MyTasksParams {
  pageNo: number;
  pageSize: number;
  title?: string;
  status?: string;
}

export interface MyTasksPage {
  records: AsyncTaskRecord[];
  total: number;
}

export const TASK_KEYS = {
  all: ['tasks'] as const,
  mine: ['tasks', 'mine'] as const,
};

export async function getMyTasks(params: MyTasksParams): Promise<MyTasksPage> {
  const res = await http.get<Page<AsyncTaskRecord> | null>('/task/asyncTask/list/mine', {
    pageNo: params.pageNo,
    pageSize: params.pageSize,
    ...(params.title ? { title: params.title } : {}),
    ...(params.status ? { status: params.status } : {}),
  });
  if (!res.success || !res.result) throw new Error(res.message || '获取任务失败');
  return { records: res.result.records ?? [], total: res.result.total ?? 0 };
}

export const myTasksQuery = (params: MyTasksParams) =>
  queryOptions({
    queryKey: [...TASK_KEYS.mine, params] as const,
    queryFn: () => getMyTasks(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
