/**
 * Demo business records (业务数据, issue 15) for the accounting workspace: for each seeded settlement organisation,
 * each business source leaf and each of the current month and the two before, a few records with amounts and VAT
 * rates a Chinese trading company sees (13%, 9%, 6%, 0). Deterministic (a fixed pseudo-random sequence), none
 * documented yet: a newcomer generates and synchronises them in the workspace.
 */
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { TEMPLATES } from './accounting.ts';

const COUNTERPARTIES = [
  '上海华联商贸有限公司',
  '杭州顺达物流有限公司',
  '北京中科电子有限公司',
  '苏州精工机械厂',
  '南京明远贸易公司',
];
const RATE_OF: Readonly<Record<string, number>> = { A01A03: 900, A01A04: 600, A01A05: 0 };

/** 'YYYY-MM' of this month and the `back` months before it. */
export function recentPeriods(now: Date, back: number): string[] {
  const out: string[] = [];
  for (let i = back; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

export async function seedDemoAccounting(db: Db, now = new Date()): Promise<number> {
  const orgs = await db.selectFrom('settlementOrg').select(['id', 'code']).orderBy('code').execute();
  let seed = 20261125;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const rows = [];
  const periods = recentPeriods(now, 2);
  for (const period of periods) {
    // No business dated after today in the current month.
    const lastDay = period === periods[periods.length - 1] ? Math.min(28, now.getUTCDate()) : 28;
    for (const org of orgs) {
      for (const [source, name] of TEMPLATES) {
        const count = 1 + Math.floor(next() * 3);
        for (let i = 0; i < count; i++) {
          const day = 1 + Math.floor(next() * lastDay);
          const rate = RATE_OF[source.slice(0, 6)] ?? 1300;
          const counterparty = COUNTERPARTIES[Math.floor(next() * COUNTERPARTIES.length)]!;
          rows.push({
            id: newId(),
            orgId: org.id,
            dataSource: source,
            bizDate: `${period}-${String(day).padStart(2, '0')}`,
            period,
            // 100.00 … 50,000.00 with fen.
            amount: 10_000 + Math.floor(next() * 4_990_000),
            taxRate: rate,
            counterparty,
            summary: `${name}：${counterparty}`,
            createBy: 'system',
            createTime: nowIso(),
            updateBy: null,
            updateTime: null,
          });
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('accBizRecord')
      .values(rows.slice(i, i + 200))
      .execute();
  return rows.length;
}
