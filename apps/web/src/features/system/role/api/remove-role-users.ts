/**
 * DELETE /sys/user/deleteUserRole?roleId&userId (one user) or deleteUserRoleBatch?roleId&userIds (ticked users):
 * 取消关联 — the users lose the role.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../../lib/http.ts';
import type { MembersChange } from '../../../../widgets/members-drawer/members-drawer.tsx';
import { ROLE_KEYS } from './role-keys.ts';

export interface RemoveRoleUsers {
  roleId: string;
  userIds: readonly string[];
}

export async function removeRoleUsers({ roleId, userIds }: RemoveRoleUsers): Promise<string> {
  const res =
    userIds.length === 1
      ? await http.delete<unknown>('/sys/user/deleteUserRole', { roleId, userId: userIds[0] })
      : await http.delete<unknown>('/sys/user/deleteUserRoleBatch', { roleId, userIds: userIds.join(',') });
  unwrap(res, '取消关联失败');
  return res.message;
}

export function useRemoveRoleUsers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ownerId, userIds }: MembersChange) => removeRoleUsers({ roleId: ownerId, userIds }),
    onSuccess: (_text, change) => void client.invalidateQueries({ queryKey: ROLE_KEYS.users(change.ownerId) }),
  });
}
