/** GET /sys/settlementOrg/list: the settlement organisations, a page at a time, filtered by name, code and status. */
import type { SettlementRecord } from '@houtai/shared/contract/admin-settlement';
import { listApi, type ListApi } from '../../../../lib/list-api.ts';
import { useListPage } from '../../../../widgets/list-page/use-list-page.ts';
import { SETTLEMENT_KEYS } from './settlement-keys.ts';

export type SettlementRow = SettlementRecord;

export interface SettlementFilters {
  name?: string;
  code?: string;
  status?: string;
}

/** The list's route: its key in the user's column settings. */
export const SETTLEMENT_LIST_PATH = '/isystem/settlement';

const SETTLEMENT_API: ListApi<SettlementRow, SettlementFilters> = listApi<SettlementRow, SettlementFilters>(
  {
    list: '/sys/settlementOrg/list',
    delete: '/sys/settlementOrg/delete',
    deleteBatch: '/sys/settlementOrg/deleteBatch',
  },
  { loadFailed: '获取结算组织失败' },
);

export function useSettlementTable(selectable: boolean) {
  return useListPage<SettlementRow, SettlementFilters>({
    api: SETTLEMENT_API,
    queryKey: SETTLEMENT_KEYS.list,
    selection: selectable ? 'page' : undefined,
  });
}
