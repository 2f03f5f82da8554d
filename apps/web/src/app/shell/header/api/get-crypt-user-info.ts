/** GET /sys/user/getCryptUserInfo: the short-lived encrypted user info the ERP entrance hands over. */
import { SHELL_TEXT } from '@houtai/shared/constants';
import { BusinessError, http, unwrap } from '../../../../lib/http.ts';

/**
 * The encrypted text. An empty answer, or a refusal, fails with 获取用户信息失败 (spec 000 §8): the user can do
 * nothing with the server's reason, and the ERP needs the text.
 */
export async function getCryptUserInfo(): Promise<string> {
  const res = await http.get<string | null>('/sys/user/getCryptUserInfo');
  const text = res.success ? unwrap(res) : null;
  if (typeof text !== 'string' || text === '') throw new BusinessError(SHELL_TEXT.cryptUserInfoEmpty);
  return text;
}
