/** PUT /sys/user/editSelf: the signed-in user's own profile (the personal centre shows it afresh after a save). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUserInfo } from '@houtai/shared/contract/user';
import { http, unwrap } from '../../../lib/http.ts';
import { userInfoQueryOptions } from './get-user-info.ts';

export interface EditSelfInput {
  avatar: string;
  realname: string;
  nickname: string;
  email: string;
  phone: string;
}

export interface EditSelfResult {
  /** The stored row as the server answers it (cleared fields come back as null), when it sends one. */
  userInfo: ProfileUserInfo | null;
  message: string;
}

export async function editSelf(input: EditSelfInput): Promise<EditSelfResult> {
  const res = await http.put<{ userInfo?: ProfileUserInfo } | null>('/sys/user/editSelf', input);
  return { userInfo: unwrap(res)?.userInfo ?? null, message: res.message };
}

export function useEditSelf() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editSelf,
    // The personal centre (maybe kept open in a tab) shows the saved values.
    onSuccess: () => client.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey }),
  });
}
