/** POST /sys/selectAccountId: makes one of the user's settlement organisations current; answers the new userInfo. */
import type { ApiResult, SelectAccountBody, UserInfo } from '@houtai/shared/contract';
import { http } from '../../../../lib/http.ts';

export function selectAccount(body: SelectAccountBody): Promise<ApiResult<{ userInfo: UserInfo } | null>> {
  return http.post<{ userInfo: UserInfo } | null>('/sys/selectAccountId', body);
}
