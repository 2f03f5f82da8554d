/** PUT /sys/role/edit: a role saved again with the version the user saw (a stale one is refused). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleEditBody } from '@houtai/shared/contract/admin-role';
import { http, unwrap } from '../../../../lib/http.ts';
import { ROLE_KEYS } from './role-keys.ts';

export async function editRole(body: RoleEditBody): Promise<string> {
  const res = await http.put<unknown>('/sys/role/edit', body);
  unwrap(res, '编辑失败');
  return res.message;
}

export function useEditRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editRole,
    onSuccess: () => void client.invalidateQueries({ queryKey: ROLE_KEYS.all }),
  });
}
