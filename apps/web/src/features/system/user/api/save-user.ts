/** POST /sys/user/add and PUT /sys/user/edit: the account with its links; each answers the server's message. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserAddBody, UserEditBody } from '@houtai/shared/contract/admin-user';
import { http, unwrap } from '../../../../lib/http.ts';
import { USER_KEYS } from './user-keys.ts';

export async function addUser(body: UserAddBody): Promise<string> {
  const res = await http.post<unknown>('/sys/user/add', body);
  unwrap(res, '添加失败');
  return res.message;
}

export async function editUser(body: UserEditBody): Promise<string> {
  const res = await http.put<unknown>('/sys/user/edit', body);
  unwrap(res, '修改失败');
  return res.message;
}

export function useAddUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => void client.invalidateQueries({ queryKey: USER_KEYS.all }),
  });
}

export function useEditUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editUser,
    onSuccess: () => void client.invalidateQueries({ queryKey: USER_KEYS.all }),
  });
}
