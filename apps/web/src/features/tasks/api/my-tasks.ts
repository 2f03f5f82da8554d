/** GET /task/asyncTask/list/mine: the signed-in user's async tasks, a page at a time (spec §7, §9). */
import type { Page } from '@houtai/shared/contract/common';
import { http, unwrapResult } from '../../../lib/http.ts';
import type { TableParams } from '../../../lib/server-table/table-state.ts';
import { useServerTable } from '../../../lib/server-table/use-server-table.ts';

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

/** The task list's search form. */
export interface MyTasksSearch {
  title?: string;
  status?: string;
}

export type MyTasksParams = TableParams<MyTasksSearch>;

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
  const page = unwrapResult(res, '获取任务失败');
  return { records: page.records ?? [], total: page.total ?? 0 };
}

/** The task list's table (10 a page of 10–100); a task message invalidates TASK_KEYS.mine. */
export function useMyTasksTable() {
  return useServerTable<AsyncTaskRecord, MyTasksSearch>({ queryKey: TASK_KEYS.mine, load: getMyTasks });
}
