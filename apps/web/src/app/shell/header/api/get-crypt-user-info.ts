/** GET /sys/user/getCryptUserInfo: the short-lived encrypted user info the ERP entrance hands over. */
import { http } from '../../../../lib/http.ts';

/** The encrypted text, or '' when the server gave none (the caller warns 获取用户信息失败). */
export async function getCryptUserInfo(): Promise<string> {
  const res = await http.get<string | null>('/sys/user/getCryptUserInfo');
  return res.success && typeof res.result === 'string' ? res.result : '';
}
