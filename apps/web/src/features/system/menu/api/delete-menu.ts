/** DELETE /sys/permission/delete: a node with all its descendants, data rules and grants. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { http, unwrap } from '../../../../lib/http.ts';
import { MENU_KEYS } from './menu-keys.ts';

export async function deleteMenu(id: string): Promise<string> {
  const res = await http.delete<unknown>('/sys/permission/delete', { id });
  unwrap(res, '删除失败');
  return res.message || ADMIN_TEXT.deleted;
}

export function useDeleteMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMenu,
    onSuccess: () => void client.invalidateQueries({ queryKey: MENU_KEYS.all }),
  });
}
