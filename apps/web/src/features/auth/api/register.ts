import { http } from '../../../lib/http.ts';

export interface RegisterInput {
  username: string;
  password: string;
  phone: string;
  smscode: string;
  email?: string;
}

/** POST /sys/user/register: self-registration by phone; answers '注册成功' with the account name. */
export function register(input: RegisterInput) {
  return http.post<{ username: string }>('/sys/user/register', input);
}
