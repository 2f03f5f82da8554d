/**
 * POST /sys/permission/addPermissionRule and PUT /sys/permission/editPermissionRule: a menu's data rule, new or
 * saved again. Both reload the menu's rules and the tree (a menu's ruleFlag follows its rules).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import type { DataRuleAddBody, DataRuleEditBody } from '@houtai/shared/contract/admin-menu';
import { http, unwrap } from '../../../../lib/http.ts';
import { MENU_KEYS } from './menu-keys.ts';

export type DataRuleSave = { kind: 'add'; body: DataRuleAddBody } | { kind: 'edit'; body: DataRuleEditBody };

export async function saveDataRule(save: DataRuleSave): Promise<string> {
  if (save.kind === 'add') {
    const res = await http.post<unknown>('/sys/permission/addPermissionRule', save.body);
    unwrap(res, '添加失败');
    return res.message || ADMIN_TEXT.added;
  }
  const res = await http.put<unknown>('/sys/permission/editPermissionRule', save.body);
  unwrap(res, '编辑失败');
  return res.message || ADMIN_TEXT.edited;
}

export function useSaveDataRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDataRule,
    onSuccess: () => void client.invalidateQueries({ queryKey: MENU_KEYS.all }),
  });
}
