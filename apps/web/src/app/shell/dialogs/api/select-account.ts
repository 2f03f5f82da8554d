/** POST /sys/selectAccountId: makes one of the user's settlement organisations current; answers the new userInfo. */
import type { ApiResult } from '@houtai/shared/contract/common';
import type { SelectAccountBody, UserInfo } from '@houtai/shared/contract/user';
import { http } from '../../../../lib/http.ts';

export function selectAccount(body: SelectAccountBody): Promise<ApiResult<{ userInfo: UserInfo } | null>> {
  return http.post<{ userInfo: UserInfo } | null>('/sys/selectAccountId', body);
}
