/** POST /sys/settlementOrg/add (a new organisation) and PUT /sys/settlementOrg/edit (with the version seen). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettlementAddBody, SettlementEditBody } from '@houtai/shared/contract/admin-settlement';
import { http, unwrap } from '../../../../lib/http.ts';
import { SETTLEMENT_KEYS } from './settlement-keys.ts';

export type SettlementBody = SettlementAddBody | SettlementEditBody;

export async function saveSettlement(body: SettlementBody): Promise<string> {
  const res =
    'id' in body
      ? await http.put<unknown>('/sys/settlementOrg/edit', body)
      : await http.post<unknown>('/sys/settlementOrg/add', body);
  unwrap(res, 'id' in body ? '编辑失败' : '添加失败');
  return res.message;
}

export function useSaveSettlement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettlement,
    onSuccess: () => void client.invalidateQueries({ queryKey: SETTLEMENT_KEYS.all }),
  });
}
