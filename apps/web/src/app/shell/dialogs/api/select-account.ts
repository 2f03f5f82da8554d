/** POST /sys/selectAccountId: makes one of the user's settlement organisations current; answers the new userInfo. */
import { useMutation } from '@tanstack/react-query';
import type { SelectAccountBody, UserInfo } from '@houtai/shared/contract/user';
import { http, unwrapResult } from '../../../../lib/http.ts';

/** A refusal, or an answer without the new user info, throws the server's message. */
export async function selectAccount(body: SelectAccountBody): Promise<UserInfo> {
  const res = await http.post<{ userInfo: UserInfo } | null>('/sys/selectAccountId', body);
  return unwrapResult(res, '', (r) => !!r.userInfo).userInfo;
}

/** Nothing to invalidate: the page reloads with the new organisation. */
export function useSelectAccount() {
  return useMutation({ mutationFn: selectAccount });
}
