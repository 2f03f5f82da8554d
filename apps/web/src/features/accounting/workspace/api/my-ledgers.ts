/** GET /voucher/ledger/myLedgers: the ledgers of the caller's own settlement organisations (the header's selector). */
import { useQuery } from '@tanstack/react-query';
import { ACCOUNTING_PATHS, type MyLedger } from '@houtai/shared/contract/accounting';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { WORKSPACE_KEYS } from './workspace-keys.ts';

export async function fetchMyLedgers(): Promise<MyLedger[]> {
  return unwrapResult(await http.get<MyLedger[]>(ACCOUNTING_PATHS.myLedgers), '获取账簿失败', Array.isArray);
}

export function useMyLedgers() {
  return useQuery({ queryKey: WORKSPACE_KEYS.ledgers, queryFn: fetchMyLedgers, retry: false, staleTime: 60_000 });
}

/** The selector's text: the ledger and its organisation. */
export const ledgerLabel = (l: MyLedger): string => `${l.name}（${l.settlementOrgName}）`;
