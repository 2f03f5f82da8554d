/**
 * POST batchCreateVoucher (生成单据) and syncVoucher (同步凭证) with {date, orgId, dataSource}. A refusal (success
 * false) rejects with the server's message; success answers the server's message and reloads the child views.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNTING_PATHS } from '@houtai/shared/contract/accounting';
import { http, unwrap } from '../../../../lib/http.ts';
import { WORKSPACE_KEYS } from './workspace-keys.ts';

export type VoucherAction = 'generate' | 'sync';

export interface VoucherRequest {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Comma-joined settlement organisation ids; '' = all of the caller's. */
  orgId: string;
  dataSource: string;
}

export async function requestVouchers(action: VoucherAction, body: VoucherRequest): Promise<string> {
  const res = await http.post<unknown>(ACCOUNTING_PATHS[action], body);
  unwrap(res, action === 'generate' ? '生成单据失败' : '同步凭证失败');
  return res.message;
}

export function useVoucherRequest(action: VoucherAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VoucherRequest) => requestVouchers(action, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: WORKSPACE_KEYS.views }),
  });
}
