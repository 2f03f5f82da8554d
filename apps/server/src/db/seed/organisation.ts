/** Base organisation data: departments (incl. A03… and A10…), settlement organisations and their ledgers. */
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

export interface DepartSeed {
  orgCode: string;
  name: string;
  category?: '1' | '2' | '3';
  children?: DepartSeed[];
}

export const DEPARTS: readonly DepartSeed[] = [
  {
    orgCode: 'A01',
    name: '后台集团',
    category: '1',
    children: [
      { orgCode: 'A01A01', name: '总经办' },
      { orgCode: 'A01A02', name: '人力资源部' },
      { orgCode: 'A01A03', name: '财务部' },
      { orgCode: 'A01A04', name: '信息技术部' },
    ],
  },
  { orgCode: 'A02', name: '华北分公司', category: '1', children: [{ orgCode: 'A02A01', name: '北京销售部' }] },
  {
    orgCode: 'A03',
    name: '华东事业部',
    category: '1',
    children: [
      { orgCode: 'A03A01', name: '上海销售部' },
      { orgCode: 'A03A02', name: '杭州仓储部' },
    ],
  },
  {
    orgCode: 'A10',
    name: '物流中心',
    category: '1',
    children: [
      { orgCode: 'A10A01', name: '运输调度部' },
      { orgCode: 'A10A02', name: '仓配管理部' },
    ],
  },
];

export const SETTLEMENT_ORGS = [
  { code: 'SO001', name: '上海后台贸易有限公司' },
  { code: 'SO002', name: '杭州后台物流有限公司' },
  { code: 'SO003', name: '北京后台科技有限公司' },
] as const;

export const LEDGERS = [
  { code: 'L001', name: '上海贸易主账簿', org: 'SO001' },
  { code: 'L002', name: '上海贸易管理账簿', org: 'SO001' },
  { code: 'L003', name: '杭州物流主账簿', org: 'SO002' },
  { code: 'L004', name: '北京科技主账簿', org: 'SO003' },
] as const;

async function ensureDeparts(
  db: Db,
  list: readonly DepartSeed[],
  parentId: string | null,
  level: number,
): Promise<void> {
  for (const [index, d] of list.entries()) {
    let row = await db.selectFrom('sysDepart').select('id').where('orgCode', '=', d.orgCode).executeTakeFirst();
    if (!row) {
      row = { id: newId() };
      await db
        .insertInto('sysDepart')
        .values({
          id: row.id,
          parentId,
          departName: d.name,
          departNameEn: null,
          departNameAbbr: null,
          departOrder: index,
          description: null,
          orgCategory: d.category ?? '2',
          orgType: String(level),
          orgCode: d.orgCode,
          mobile: null,
          fax: null,
          address: null,
          memo: null,
          createBy: 'system',
          createTime: nowIso(),
          updateBy: null,
          updateTime: null,
        })
        .execute();
    }
    if (d.children) await ensureDeparts(db, d.children, row.id, level + 1);
  }
}

export async function seedOrganisation(db: Db): Promise<void> {
  await ensureDeparts(db, DEPARTS, null, 1);
  for (const [index, s] of SETTLEMENT_ORGS.entries()) {
    const exists = await db.selectFrom('settlementOrg').select('id').where('code', '=', s.code).executeTakeFirst();
    if (!exists) {
      await db
        .insertInto('settlementOrg')
        .values({
          id: newId(),
          code: s.code,
          name: s.name,
          sortOrder: index,
          createBy: 'system',
          createTime: nowIso(),
          updateBy: null,
          updateTime: null,
        })
        .execute();
    }
  }
  for (const l of LEDGERS) {
    const exists = await db.selectFrom('ledger').select('id').where('code', '=', l.code).executeTakeFirst();
    if (exists) continue;
    const org = await db.selectFrom('settlementOrg').select('id').where('code', '=', l.org).executeTakeFirstOrThrow();
    await db
      .insertInto('ledger')
      .values({
        id: newId(),
        code: l.code,
        name: l.name,
        settlementOrgId: org.id,
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
}
