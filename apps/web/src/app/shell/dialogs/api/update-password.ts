/** PUT /sys/user/updatePassword: the signed-in user's own password change (spec 000 §2.7, §5). */
import { useMutation } from '@tanstack/react-query';
import type { UpdatePasswordBody } from '@houtai/shared/contract/user';
import { http, unwrap } from '../../../../lib/http.ts';

/** Answers the server's message (shown on success); a refusal throws it. */
export async function updatePassword(body: UpdatePasswordBody): Promise<string> {
  const res = await http.put<null>('/sys/user/updatePassword', body);
  unwrap(res);
  return res.message;
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
