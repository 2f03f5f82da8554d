import type { LoginResult } from '@houtai/shared/contract/auth';
import { http, unwrap } from '../../../lib/http.ts';

/** POST /sys/phoneLogin: mobile plus the SMS code; same result as /sys/login. */
export async function phoneLogin(input: { mobile: string; captcha: string }): Promise<LoginResult> {
  return unwrap(await http.post<LoginResult>('/sys/phoneLogin', input));
}
