/** POST /sys/permission/add: a new menu, sub-menu or button; the tree reloads. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import type { MenuAddBody } from '@houtai/shared/contract/admin-menu';
import { http, unwrap } from '../../../../lib/http.ts';
import { MENU_KEYS } from './menu-keys.ts';

/** Answers the server's message (the new id is in `result`). */
export async function addMenu(body: MenuAddBody): Promise<string> {
  const res = await http.post<string>('/sys/permission/add', body);
  unwrap(res, '添加失败');
  return res.message || ADMIN_TEXT.added;
}

export function useAddMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addMenu,
    onSuccess: () => void client.invalidateQueries({ queryKey: MENU_KEYS.all }),
  });
}
