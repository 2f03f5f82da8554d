/** PUT /sys/selectDepart: makes one of the user's departments the current one; answers the new userInfo. */
import type { ApiResult } from '@houtai/shared/contract/common';
import type { SelectDepartBody, UserInfo } from '@houtai/shared/contract/user';
import { http } from '../../../../lib/http.ts';

export function selectDepart(body: SelectDepartBody): Promise<ApiResult<{ userInfo: UserInfo } | null>> {
  return http.put<{ userInfo: UserInfo } | null>('/sys/selectDepart', body);
}
