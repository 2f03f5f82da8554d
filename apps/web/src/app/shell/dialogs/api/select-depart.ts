/** PUT /sys/selectDepart: makes one of the user's departments the current one; answers the new userInfo. */
import { useMutation } from '@tanstack/react-query';
import type { SelectDepartBody, UserInfo } from '@houtai/shared/contract/user';
import { http, unwrapResult } from '../../../../lib/http.ts';

/** A refusal, or an answer without the new user info, throws the server's message. */
export async function selectDepart(body: SelectDepartBody): Promise<UserInfo> {
  const res = await http.put<{ userInfo: UserInfo } | null>('/sys/selectDepart', body);
  return unwrapResult(res, '', (r) => !!r.userInfo).userInfo;
}

/** Nothing to invalidate: the page reloads in the new department. */
export function useSelectDepart() {
  return useMutation({ mutationFn: selectDepart });
}
