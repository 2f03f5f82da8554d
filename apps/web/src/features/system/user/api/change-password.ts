/** PUT /sys/user/changePassword: an administrator sets a user's password (changed again at their next sign-in). */
import { useMutation } from '@tanstack/react-query';
import type { AdminChangePasswordBody } from '@houtai/shared/contract/admin-user';
import { http, unwrap } from '../../../../lib/http.ts';

export async function changeUserPassword(body: AdminChangePasswordBody): Promise<string> {
  const res = await http.put<unknown>('/sys/user/changePassword', body);
  unwrap(res, '密码修改失败');
  return res.message;
}

export function useChangeUserPassword() {
  return useMutation({ mutationFn: changeUserPassword });
}
