/** GET /sys/user/generateUserId: a fresh unique id, offered as the new user's 工号. */
import { http, unwrapResult } from '../../../../lib/http.ts';

export async function generateUserId(): Promise<string> {
  return unwrapResult(await http.get<string>('/sys/user/generateUserId'), '生成工号失败');
}
