/** GET /sys/sysConfig/getByCode?code=SYSTEM_NOTIFICATIONS: the banner's setting (spec §3, §7). */
import { SYSTEM_NOTIFICATIONS_CODE } from '@houtai/shared/constants';
import { parseSystemNotice, type SystemNotice } from '@houtai/shared/messaging';
import { http } from '../../../../lib/http.ts';

/** The setting, or null on any failure (spec §8: a load failure clears the banner silently). */
export async function getSystemNotice(): Promise<SystemNotice | null> {
  try {
    const res = await http.get<unknown>(
      '/sys/sysConfig/getByCode',
      { code: SYSTEM_NOTIFICATIONS_CODE },
      { silent: true },
    );
    return res.success ? parseSystemNotice(res.result) : null;
  } catch {
    return null;
  }
}
