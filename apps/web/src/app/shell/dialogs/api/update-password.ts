/** PUT /sys/user/updatePassword: the signed-in user's own password change (spec 000 §2.7, §5). */
import type { ApiResult } from '@houtai/shared/contract/common';
import type { UpdatePasswordBody } from '@houtai/shared/contract/user';
import { http } from '../../../../lib/http.ts';

export function updatePassword(body: UpdatePasswordBody): Promise<ApiResult<null>> {
  return http.put<null>('/sys/user/updatePassword', body);
}
