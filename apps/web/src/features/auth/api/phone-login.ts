import type { LoginResult } from '@houtai/shared/contract/auth';
import { http } from '../../../lib/http.ts';

/** POST /sys/phoneLogin: mobile plus the SMS code; same result as /sys/login. */
export function phoneLogin(input: { mobile: string; captcha: string }) {
  return http.post<LoginResult>('/sys/phoneLogin', input);
}
