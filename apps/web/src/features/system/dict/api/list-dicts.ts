/** GET /sys/dict/list: the dictionaries, a page at a time, filtered by name and code (contract §2.4). */
import type { DictRecord } from '@houtai/shared/contract/dict-admin';
import { listApi, type ListApi } from '../../../../lib/list-api.ts';
import { useListPage } from '../../../../widgets/list-page/use-list-page.ts';
import { DICT_KEYS } from './dict-keys.ts';

export type DictRow = DictRecord;

export interface DictFilters {
  dictName?: string;
  dictCode?: string;
}

/** The list's route: its key in the user's column settings. */
export const DICT_LIST_PATH = '/isystem/dict';

const DICT_API: ListApi<DictRow, DictFilters> = listApi<DictRow, DictFilters>(
  { list: '/sys/dict/list', delete: '/sys/dict/delete', deleteBatch: '/sys/dict/deleteBatch' },
  { loadFailed: '获取字典失败', defaultSort: { column: 'createTime', order: 'desc' } },
);

/** The administration list: filters, 10 a page, rows ticked for 批量删除 when the caller may delete. */
export function useDictTable(selectable: boolean, onRemoved?: () => void) {
  return useListPage<DictRow, DictFilters>({
    api: DICT_API,
    queryKey: DICT_KEYS.list,
    selection: selectable ? 'page' : undefined,
    onRemoved,
  });
}
