/** GET /voucher/ledgerBalance/list?ledgerId&period: the trial balance (科目余额表) with its totals. */
import { useQuery } from '@tanstack/react-query';
import { ACCOUNTING_PATHS, type LedgerBalanceAnswer } from '@houtai/shared/contract/accounting';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { WORKSPACE_KEYS } from './workspace-keys.ts';
import type { WorkspaceFilters } from './workspace-table.ts';

export async function fetchLedgerBalances({ ledgerId, period }: WorkspaceFilters): Promise<LedgerBalanceAnswer> {
  return unwrapResult(
    await http.get<LedgerBalanceAnswer>(ACCOUNTING_PATHS.balances, { ledgerId, period }),
    '获取科目余额表失败',
    (a) => Array.isArray(a.records),
  );
}

export function useLedgerBalances(filters: WorkspaceFilters) {
  return useQuery({
    queryKey: WORKSPACE_KEYS.balances(filters.ledgerId, filters.period),
    queryFn: () => fetchLedgerBalances(filters),
    retry: false,
  });
}
