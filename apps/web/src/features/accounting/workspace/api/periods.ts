/**
 * 期间结账: GET /voucher/accPeriod/list?ledgerId (the ledger's periods), POST close {ledgerId, period} and POST
 * reopen {ledgerId, period, reason}. A change reloads every child view (the trial balance shows whether it is closed).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNTING_PATHS,
  type PeriodCloseBody,
  type PeriodRecord,
  type PeriodReopenBody,
} from '@houtai/shared/contract/accounting';
import { http, unwrap, unwrapResult } from '../../../../lib/http.ts';
import { WORKSPACE_KEYS } from './workspace-keys.ts';

export async function fetchPeriods(ledgerId: string): Promise<PeriodRecord[]> {
  return unwrapResult(
    await http.get<PeriodRecord[]>(ACCOUNTING_PATHS.periods, { ledgerId }),
    '获取会计期间失败',
    Array.isArray,
  );
}

export function usePeriods(ledgerId: string) {
  return useQuery({ queryKey: WORKSPACE_KEYS.periods(ledgerId), queryFn: () => fetchPeriods(ledgerId), retry: false });
}

export async function closePeriod(body: PeriodCloseBody): Promise<string> {
  const res = await http.post<unknown>(ACCOUNTING_PATHS.closePeriod, body);
  unwrap(res, '结账失败');
  return res.message;
}

export async function reopenPeriod(body: PeriodReopenBody): Promise<string> {
  const res = await http.post<unknown>(ACCOUNTING_PATHS.reopenPeriod, body);
  unwrap(res, '反结账失败');
  return res.message;
}

function usePeriodMutation<Body>(fn: (body: Body) => Promise<string>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void client.invalidateQueries({ queryKey: WORKSPACE_KEYS.views }),
  });
}

export const useClosePeriod = () => usePeriodMutation(closePeriod);
export const useReopenPeriod = () => usePeriodMutation(reopenPeriod);
