/** GET /sys/user/checkOnlyUser: null when the username is free, else the server's message ('用户账号已存在'). */
import { http } from '../../../../lib/http.ts';

export async function usernameTakenMessage(username: string): Promise<string | null> {
  const res = await http.get<boolean>('/sys/user/checkOnlyUser', { username });
  return res.success ? null : res.message || null;
}
