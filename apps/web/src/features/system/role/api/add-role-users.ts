/** POST /sys/user/addSysUserRole {roleId, userIdList}: gives the role to users (those holding it are skipped). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddUserRoleBody } from '@houtai/shared/contract/admin-role';
import { http, unwrap } from '../../../../lib/http.ts';
import type { MembersChange } from '../../../../widgets/members-drawer/members-drawer.tsx';
import { ROLE_KEYS } from './role-keys.ts';

export async function addRoleUsers(body: AddUserRoleBody): Promise<string> {
  const res = await http.post<unknown>('/sys/user/addSysUserRole', body);
  unwrap(res, '添加失败');
  return res.message;
}

export function useAddRoleUsers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ownerId, userIds }: MembersChange) => addRoleUsers({ roleId: ownerId, userIdList: [...userIds] }),
    onSuccess: (_text, change) => void client.invalidateQueries({ queryKey: ROLE_KEYS.users(change.ownerId) }),
  });
}
