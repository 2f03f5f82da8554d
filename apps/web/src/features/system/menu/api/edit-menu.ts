/** PUT /sys/permission/edit: a node saved again with the version the user saw (a stale one is refused). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import type { MenuEditBody } from '@houtai/shared/contract/admin-menu';
import { http, unwrap } from '../../../../lib/http.ts';
import { MENU_KEYS } from './menu-keys.ts';

export async function editMenu(body: MenuEditBody): Promise<string> {
  const res = await http.put<unknown>('/sys/permission/edit', body);
  unwrap(res, '编辑失败');
  return res.message || ADMIN_TEXT.edited;
}

export function useEditMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editMenu,
    onSuccess: () => void client.invalidateQueries({ queryKey: MENU_KEYS.all }),
  });
}
