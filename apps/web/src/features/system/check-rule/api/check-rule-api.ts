/**
 * The calls of 编码校验规则: GET /sys/checkRule/list (paged, filters ruleName / ruleCode), queryById, POST add,
 * PUT edit, DELETE delete / deleteBatch. A save invalidates the list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckRuleAddBody, CheckRuleEditBody, CheckRuleRecord } from '@houtai/shared/contract/check-rule';
import { http, unwrap, unwrapResult } from '../../../../lib/http.ts';
import { listApi, type ListApi } from '../../../../lib/list-api.ts';
import { useListPage } from '../../../../widgets/list-page/use-list-page.ts';

export const CHECK_RULE_KEYS = {
  all: ['system', 'checkRule'] as const,
  list: ['system', 'checkRule', 'list'] as const,
};

/** The list's route: its key in the user's column settings. */
export const CHECK_RULE_LIST_PATH = '/isystem/checkRule';

export interface CheckRuleFilters {
  ruleName?: string;
  ruleCode?: string;
}

const CHECK_RULE_API: ListApi<CheckRuleRecord, CheckRuleFilters> = listApi<CheckRuleRecord, CheckRuleFilters>(
  { list: '/sys/checkRule/list', delete: '/sys/checkRule/delete', deleteBatch: '/sys/checkRule/deleteBatch' },
  { loadFailed: '获取编码校验规则失败' },
);

export function useCheckRuleTable(selectable: boolean) {
  return useListPage<CheckRuleRecord, CheckRuleFilters>({
    api: CHECK_RULE_API,
    queryKey: CHECK_RULE_KEYS.list,
    selection: selectable ? 'page' : undefined,
  });
}

export async function getCheckRule(id: string): Promise<CheckRuleRecord> {
  return unwrapResult(await http.get<CheckRuleRecord>('/sys/checkRule/queryById', { id }), '获取编码校验规则失败');
}

async function saveCheckRule(body: CheckRuleAddBody | CheckRuleEditBody): Promise<string> {
  const res =
    'id' in body
      ? await http.put<unknown>('/sys/checkRule/edit', body)
      : await http.post<unknown>('/sys/checkRule/add', body);
  unwrap(res, '保存失败');
  return res.message;
}

export function useSaveCheckRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCheckRule,
    onSuccess: () => void client.invalidateQueries({ queryKey: CHECK_RULE_KEYS.all }),
  });
}
