import type { LoginResult } from '@houtai/shared/contract/auth';
import { http, unwrap } from '../../../lib/http.ts';

export interface LoginInput {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
}

/** POST /sys/login. A refusal throws BusinessError, whose `code` the form reads (412 asks for a captcha). */
export async function login(input: LoginInput): Promise<LoginResult> {
  return unwrap(await http.post<LoginResult>('/sys/login', input));
}
