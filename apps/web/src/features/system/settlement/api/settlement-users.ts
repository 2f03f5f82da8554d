/**
 * The users of a settlement organisation: GET /sys/settlementOrg/users (a page, by account and name), POST addUsers
 * {settlementOrgId, userIds} and DELETE removeUsers?settlementOrgId&userIds (comma text).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@houtai/shared/contract/common';
import type { PickerUser } from '@houtai/shared/contract/pickers-rules';
import { http, unwrap, unwrapResult } from '../../../../lib/http.ts';
import type { TablePage } from '../../../../lib/server-table/use-server-table.ts';
import type { TableParams } from '../../../../lib/server-table/table-state.ts';
import type { MemberFilters, MembersChange } from '../../../../widgets/members-drawer/members-drawer.tsx';
import { SETTLEMENT_KEYS } from './settlement-keys.ts';

export async function listSettlementUsers(
  settlementOrgId: string,
  params: TableParams<MemberFilters>,
): Promise<TablePage<PickerUser>> {
  const page = unwrapResult(
    await http.get<Page<PickerUser>>('/sys/settlementOrg/users', { ...params, settlementOrgId }),
    '获取结算组织用户失败',
    (p) => Array.isArray(p.records),
  );
  return { records: page.records, total: page.total };
}

export interface SettlementUsersChange {
  settlementOrgId: string;
  userIds: readonly string[];
}

export async function addSettlementUsers({ settlementOrgId, userIds }: SettlementUsersChange): Promise<string> {
  const res = await http.post<unknown>('/sys/settlementOrg/addUsers', { settlementOrgId, userIds: [...userIds] });
  unwrap(res, '添加失败');
  return res.message;
}

export async function removeSettlementUsers({ settlementOrgId, userIds }: SettlementUsersChange): Promise<string> {
  const res = await http.delete<unknown>('/sys/settlementOrg/removeUsers', {
    settlementOrgId,
    userIds: userIds.join(','),
  });
  unwrap(res, '移除失败');
  return res.message;
}

function useUsersMutation(fn: (input: SettlementUsersChange) => Promise<string>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ownerId, userIds }: MembersChange) => fn({ settlementOrgId: ownerId, userIds }),
    onSuccess: (_text, change) => {
      void client.invalidateQueries({ queryKey: SETTLEMENT_KEYS.users(change.ownerId) });
      // The list shows how many users each organisation has.
      void client.invalidateQueries({ queryKey: SETTLEMENT_KEYS.list });
    },
  });
}

export const useAddSettlementUsers = () => useUsersMutation(addSettlementUsers);
export const useRemoveSettlementUsers = () => useUsersMutation(removeSettlementUsers);
