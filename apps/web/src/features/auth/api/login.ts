import type { LoginResult } from '@houtai/shared/contract/auth';
import { http } from '../../../lib/http.ts';

export interface LoginInput {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
}

/** POST /sys/login. The envelope is returned as is: the form reads `code` (412 asks for a captcha). */
export function login(input: LoginInput) {
  return http.post<LoginResult>('/sys/login', input);
}
