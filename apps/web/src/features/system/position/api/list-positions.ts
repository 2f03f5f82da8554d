/** GET /sys/position/list: the positions, a page at a time, filtered by name and code (contract §2.10). */
import type { PositionRecord } from '@houtai/shared/contract/admin-position';
import { listApi, type ListApi } from '../../../../lib/list-api.ts';
import { useListPage } from '../../../../widgets/list-page/use-list-page.ts';
import { POSITION_KEYS } from './position-keys.ts';

export type PositionRow = PositionRecord;

export interface PositionFilters {
  name?: string;
  code?: string;
}

/** The list's route: its key in the user's column settings. */
export const POSITION_LIST_PATH = '/hr/position';

const POSITION_API: ListApi<PositionRow, PositionFilters> = listApi<PositionRow, PositionFilters>(
  { list: '/sys/position/list', delete: '/sys/position/delete', deleteBatch: '/sys/position/deleteBatch' },
  { loadFailed: '获取职务失败' },
);

/** The administration list: filters, 10 a page, rows ticked for 批量删除 when the caller may delete. */
export function usePositionTable(selectable: boolean) {
  return useListPage<PositionRow, PositionFilters>({
    api: POSITION_API,
    queryKey: POSITION_KEYS.list,
    selection: selectable ? 'page' : undefined,
  });
}
