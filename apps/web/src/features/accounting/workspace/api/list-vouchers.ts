/**
 * GET /voucher/voucherRecord/list?ledgerId&period: the vouchers (凭证), drafts and posted; GET queryLines?voucherId:
 * one voucher's lines (分录), loaded when its row is expanded.
 */
import { useQuery } from '@tanstack/react-query';
import { ACCOUNTING_PATHS, type VoucherLine, type VoucherRecord } from '@houtai/shared/contract/accounting';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { WORKSPACE_KEYS } from './workspace-keys.ts';
import { useWorkspaceTable, workspaceLoader, type WorkspaceFilters } from './workspace-table.ts';

export const fetchVouchers = workspaceLoader<VoucherRecord>(ACCOUNTING_PATHS.vouchers, '获取凭证失败');

export const useVouchersTable = (filters: WorkspaceFilters) =>
  useWorkspaceTable(WORKSPACE_KEYS.vouchers, fetchVouchers, filters);

export async function fetchVoucherLines(voucherId: string): Promise<VoucherLine[]> {
  return unwrapResult(
    await http.get<VoucherLine[]>(ACCOUNTING_PATHS.voucherLines, { voucherId }),
    '获取凭证分录失败',
    Array.isArray,
  );
}

export function useVoucherLines(voucherId: string) {
  return useQuery({
    queryKey: WORKSPACE_KEYS.voucherLines(voucherId),
    queryFn: () => fetchVoucherLines(voucherId),
    retry: false,
  });
}
