/** GET /voucher/ledger/list: the ledgers, a page at a time, filtered by organisation, code and name. */
import { LEDGER_PATHS, type LedgerRecord } from '@houtai/shared/contract/accounting-template';
import { listApi, type ListApi } from '../../../../lib/list-api.ts';
import { useListPage } from '../../../../widgets/list-page/use-list-page.ts';
import { LEDGER_KEYS } from './ledger-keys.ts';

export interface LedgerFilters {
  settlementOrgId?: string;
  code?: string;
  name?: string;
}

/** The list's route: its key in the user's column settings. */
export const LEDGER_LIST_PATH = '/accounting/ledger';

const LEDGER_API: ListApi<LedgerRecord, LedgerFilters> = listApi<LedgerRecord, LedgerFilters>(
  { list: LEDGER_PATHS.list, delete: LEDGER_PATHS.delete },
  { loadFailed: '获取账簿失败' },
);

export function useLedgerTable() {
  return useListPage<LedgerRecord, LedgerFilters>({ api: LEDGER_API, queryKey: LEDGER_KEYS.list });
}
