/** System settings (sys_config) every installation starts with; values are JSON text. */
import { SYSTEM_NOTIFICATIONS_CODE } from '@houtai/shared/constants';
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

export const CONFIGS = [
  {
    code: SYSTEM_NOTIFICATIONS_CODE,
    name: '系统通知横幅',
    value: { status: '1', content: '欢迎使用后台管理系统，系统将于每周日 02:00 例行维护。' },
  },
] as const;

/** Inserts missing settings; an administrator's later changes are never overwritten. */
export async function seedConfig(db: Db): Promise<void> {
  for (const c of CONFIGS) {
    const exists = await db.selectFrom('sysConfig').select('id').where('code', '=', c.code).executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('sysConfig')
      .values({
        id: newId(),
        code: c.code,
        name: c.name,
        value: JSON.stringify(c.value),
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
}
