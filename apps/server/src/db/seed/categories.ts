/**
 * Base category dictionary (sys_category): business sources under A01 (the accounting workspace's
 * dropdown, spec widgets §2.1/§9) and a material classification under B01. Codes follow the fill rule
 * `category_code_rule` (parent code + letter + 2 digits). Inserted by code when missing; has_child is
 * kept right for every seeded parent.
 */
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

export interface CategorySeed {
  code: string;
  name: string;
  children?: readonly CategorySeed[];
}

export const CATEGORIES: readonly CategorySeed[] = [
  {
    code: 'A01',
    name: '业务来源',
    children: [
      {
        code: 'A01A01',
        name: '采购业务',
        children: [
          { code: 'A01A01A01', name: '采购入库' },
          { code: 'A01A01A02', name: '采购退货' },
          { code: 'A01A01A03', name: '采购发票' },
        ],
      },
      {
        code: 'A01A02',
        name: '销售业务',
        children: [
          { code: 'A01A02A01', name: '销售出库' },
          { code: 'A01A02A02', name: '销售退货' },
          {
            code: 'A01A02A03',
            name: '销售发票',
            children: [
              { code: 'A01A02A03A01', name: '增值税专用发票' },
              { code: 'A01A02A03A02', name: '增值税普通发票' },
            ],
          },
        ],
      },
      {
        code: 'A01A03',
        name: '物流业务',
        children: [
          { code: 'A01A03A01', name: '运输费用' },
          { code: 'A01A03A02', name: '仓储费用' },
        ],
      },
      {
        code: 'A01A04',
        name: '费用报销',
        children: [
          { code: 'A01A04A01', name: '差旅费' },
          { code: 'A01A04A02', name: '办公费' },
        ],
      },
      {
        code: 'A01A05',
        name: '资金业务',
        children: [
          { code: 'A01A05A01', name: '收款' },
          { code: 'A01A05A02', name: '付款' },
        ],
      },
    ],
  },
  {
    code: 'B01',
    name: '物料分类',
    children: [
      {
        code: 'B01A01',
        name: '原材料',
        children: [
          { code: 'B01A01A01', name: '钢材' },
          { code: 'B01A01A02', name: '塑料' },
        ],
      },
      { code: 'B01A02', name: '半成品' },
      { code: 'B01A03', name: '产成品' },
    ],
  },
];

async function ensureCategories(db: Db, list: readonly CategorySeed[], pid: string): Promise<void> {
  for (const c of list) {
    const hasChild = c.children && c.children.length > 0 ? '1' : '0';
    let row = await db
      .selectFrom('sysCategory')
      .select(['id', 'hasChild'])
      .where('code', '=', c.code)
      .executeTakeFirst();
    if (!row) {
      row = { id: newId(), hasChild };
      await db
        .insertInto('sysCategory')
        .values({
          id: row.id,
          pid,
          name: c.name,
          code: c.code,
          sysOrgCode: 'A01',
          hasChild,
          createBy: 'system',
          createTime: nowIso(),
          updateBy: null,
          updateTime: null,
        })
        .execute();
    } else if (hasChild === '1' && row.hasChild !== '1') {
      // A seeded child was added under an existing row: the parent now has children.
      await db.updateTable('sysCategory').set({ hasChild: '1' }).where('id', '=', row.id).execute();
    }
    if (c.children) await ensureCategories(db, c.children, row.id);
  }
}

export async function seedCategories(db: Db): Promise<void> {
  await ensureCategories(db, CATEGORIES, '0');
}
