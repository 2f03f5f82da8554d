/** GET /sys/sysConfig/getByCode?code=SYSTEM_NOTIFICATIONS: the banner's setting, for its administration page. */
import { SYSTEM_NOTIFICATIONS_CODE } from '@houtai/shared/constants';
import { parseSystemNotice, type SystemNotice } from '@houtai/shared/messaging';
import { BusinessError, http, unwrap } from '../../../../lib/http.ts';

export async function getNoticeBanner(): Promise<SystemNotice> {
  const res = await http.get<unknown>('/sys/sysConfig/getByCode', { code: SYSTEM_NOTIFICATIONS_CODE });
  const notice = parseSystemNotice(unwrap(res, '获取通知横幅失败'));
  // A setting that is no notice is a failure like a refusal.
  if (!notice) throw new BusinessError(res.message || '获取通知横幅失败');
  return notice;
}
