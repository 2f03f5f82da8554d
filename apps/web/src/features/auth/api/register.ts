import { http, unwrap } from '../../../lib/http.ts';

export interface RegisterInput {
  username: string;
  password: string;
  phone: string;
  smscode: string;
  email?: string;
}

/** POST /sys/user/register: self-registration by phone; answers '注册成功' with the account name. */
export async function register(input: RegisterInput): Promise<{ username: string } | null> {
  return unwrap(await http.post<{ username: string } | null>('/sys/user/register', input));
}
