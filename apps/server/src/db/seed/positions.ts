/** Positions (sys_position); post_rank follows the dictionary position_rank (1 lowest … 5 highest). */
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

export const POSITIONS = [
  { code: 'general_manager', name: '总经理', postRank: '5' },
  { code: 'depart_manager', name: '部门经理', postRank: '4' },
  { code: 'finance_supervisor', name: '财务主管', postRank: '3' },
  { code: 'specialist', name: '专员', postRank: '1' },
] as const;

export async function seedPositions(db: Db): Promise<void> {
  for (const p of POSITIONS) {
    const exists = await db.selectFrom('sysPosition').select('id').where('code', '=', p.code).executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('sysPosition')
      .values({
        id: newId(),
        code: p.code,
        name: p.name,
        postRank: p.postRank,
        companyId: null,
        sysOrgCode: 'A01',
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
}
