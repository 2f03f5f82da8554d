/** POST /sys/role/add: a new role. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleAddBody } from '@houtai/shared/contract/admin-role';
import { http, unwrap } from '../../../../lib/http.ts';
import { ROLE_KEYS } from './role-keys.ts';

/** Answers the server's message. */
export async function addRole(body: RoleAddBody): Promise<string> {
  const res = await http.post<unknown>('/sys/role/add', body);
  unwrap(res, '添加失败');
  return res.message;
}

export function useAddRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addRole,
    onSuccess: () => void client.invalidateQueries({ queryKey: ROLE_KEYS.all }),
  });
}
