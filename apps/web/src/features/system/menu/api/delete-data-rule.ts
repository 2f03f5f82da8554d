/** DELETE /sys/permission/deletePermissionRule: one data rule of a menu. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { http, unwrap } from '../../../../lib/http.ts';
import { MENU_KEYS } from './menu-keys.ts';

export async function deleteDataRule(id: string): Promise<string> {
  const res = await http.delete<unknown>('/sys/permission/deletePermissionRule', { id });
  unwrap(res, '删除失败');
  return res.message || ADMIN_TEXT.deleted;
}

export function useDeleteDataRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDataRule,
    onSuccess: () => void client.invalidateQueries({ queryKey: MENU_KEYS.all }),
  });
}
