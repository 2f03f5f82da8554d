/** GET /sys/quartzJob/list: the scheduled jobs, a page at a time (filters: kind and status). */
import type { QuartzJobRecord } from '@houtai/shared/contract/quartz';
import { listApi, type ListApi } from '../../../../lib/list-api.ts';
import { useListPage } from '../../../../widgets/list-page/use-list-page.ts';
import { QUARTZ_KEYS } from './quartz-keys.ts';

export interface QuartzFilters {
  /** A kind's key (exact). */
  jobClassName?: string;
  /** '0' 正常, '-1' 停止. */
  status?: string;
}

/** The list's route: its key in the user's column settings. */
export const QUARTZ_LIST_PATH = '/monitor/quartz';

const QUARTZ_API: ListApi<QuartzJobRecord, QuartzFilters> = listApi<QuartzJobRecord, QuartzFilters>(
  {
    list: '/sys/quartzJob/list',
    delete: '/sys/quartzJob/delete',
    deleteBatch: '/sys/quartzJob/deleteBatch',
  },
  { loadFailed: '获取定时任务失败' },
);

/** The administration list page: filters, 10 a page, rows ticked for 批量删除 when the caller may delete. */
export function useQuartzTable(selectable: boolean) {
  return useListPage<QuartzJobRecord, QuartzFilters>({
    api: QUARTZ_API,
    queryKey: QUARTZ_KEYS.list,
    selection: selectable ? 'page' : undefined,
  });
}
